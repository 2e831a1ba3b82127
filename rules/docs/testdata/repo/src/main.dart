// Dart, see docs/dart-missing.md.
var s = '''// docs/missing-in-string.md''';
var r = r'// docs/missing-in-raw.md';
