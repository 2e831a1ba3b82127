#!/usr/bin/env python3
"""Record real regex engines' verdicts on every valid corpus pattern.

Usage (from the repository root):

    apt-get install -y librust-regex-dev   # the Rust regex crate, offline
    python3 internal/ecmaregex/testdata/engines/record.py [CORPUS]

CORPUS defaults to rules/regex/testdata/corpus/patterns_all.jsonl (a copy of
../shared/corpus/regex/patterns_all.jsonl). Every line whose pattern is valid
ECMA-262 in u mode (ecma_u_ok) is compiled with Python's re (this
interpreter) and with Rust's regex crate (the probe in rust/, built offline
against Debian's crate registry); generated repeat patterns around the crate's
size limit are added to calibrate wirelint's size estimate. The result,
verdicts.jsonl beside this script, opens with a header line naming the
engines and their versions; each further line carries its pattern, so the Go
test needs neither the corpus nor the engines.
"""
import json
import os
import re
import subprocess
import sys
import warnings

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.abspath(os.path.join(HERE, "..", "..", "..", ".."))
RUST = os.path.join(HERE, "rust")
DEFAULT_CORPUS = os.path.join(ROOT, "rules", "regex", "testdata", "corpus", "patterns_all.jsonl")
RUST_LIMIT = 10 * (1 << 20)

# Atoms and forms of the generated size-limit patterns: for each pair the
# repeat count at which the crate stops compiling is found by bisection, and
# the counts 10% below and above it are recorded.
ATOMS = [
    "a", "[a-z]", "[0-9A-Fa-f]", "[^a]", "\\d", "\\D", "\\w", "\\W", "\\s", "\\S", "[\\S]",
    ".", "\\p{L}", "\\p{Lu}", "[\\u0400-\\u04FF]", "(ab|cd)", "(?:x[0-9]{2})", "[^\\s\\d]",
    "[a-z0-9._%+-]", "(?:[a-z]+)",
]
FORMS = ["^{atom}{{{n}}}$", "^{atom}{{0,{n}}}$", "^{atom}{{{n},}}$", "^(?:{atom}{{10}}){{{n}}}$"]


def python_verdict(pattern):
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        try:
            re.compile(pattern)
            ok, err = True, ""
        except (re.error, OverflowError, RecursionError) as e:
            ok, err = False, str(e)
    out = {"ok": ok, "error": err}
    if caught:
        out["warning"] = "%s: %s" % (caught[0].category.__name__, caught[0].message)
    return out


class Rust:
    def __init__(self):
        subprocess.run(["cargo", "build", "--release", "--quiet"], cwd=RUST, check=True)
        self.proc = subprocess.Popen([os.path.join(RUST, "target", "release", "regex-probe")],
                                     stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
        lock = open(os.path.join(RUST, "Cargo.lock")).read()
        m = re.search(r'name = "regex"\nversion = "([^"]+)"', lock)
        s = re.search(r'name = "regex-syntax"\nversion = "([^"]+)"', lock)
        rustc = subprocess.run(["rustc", "--version"], capture_output=True, text=True).stdout.strip()
        deb = subprocess.run(["dpkg-query", "-W", "-f=${Version}", "librust-regex-dev"],
                             capture_output=True, text=True).stdout.strip()
        self.version = "regex %s (regex-syntax %s; Debian librust-regex-dev %s; %s)" % (m.group(1), s.group(1), deb, rustc)

    def verdict(self, pattern):
        self.proc.stdin.write(json.dumps(pattern) + "\n")
        self.proc.stdin.flush()
        return json.loads(self.proc.stdout.readline())


def threshold(rust, form, atom):
    """Smallest repeat count the crate refuses under its default limit (None past 2^20)."""
    lo, hi = 1, 2
    while rust.verdict(form.format(atom=atom, n=hi))["ok"]:
        lo, hi = hi, hi * 2
        if hi > 1 << 20:
            return None
    while hi - lo > 1:
        mid = (lo + hi) // 2
        if rust.verdict(form.format(atom=atom, n=mid))["ok"]:
            lo = mid
        else:
            hi = mid
    return hi


def main():
    corpus = sys.argv[1] if len(sys.argv) > 1 else DEFAULT_CORPUS
    rust = Rust()
    out = [{"header": {
        "engines": {
            "python": "CPython %s re" % sys.version.split()[0],
            "rust": rust.version,
        },
        "corpus": os.path.relpath(corpus, ROOT),
        "script": os.path.relpath(__file__, ROOT),
        "rust_default_size_limit": RUST_LIMIT,
    }}]
    with open(corpus) as f:
        for number, line in enumerate(f, 1):
            rec = json.loads(line)
            if not rec["ecma_u_ok"]:
                continue
            p = rec["pattern"]
            out.append({"pattern": p, "source": "corpus:%d" % number,
                        "python": python_verdict(p), "rust": rust.verdict(p)})
    for form in FORMS:
        for atom in ATOMS:
            t = threshold(rust, form, atom)
            if t is None:
                continue
            for n in sorted({max(1, t * 9 // 10), t * 11 // 10 + 1}):
                p = form.format(atom=atom, n=n)
                out.append({"pattern": p, "source": "generated:threshold=%d" % t,
                            "python": python_verdict(p), "rust": rust.verdict(p)})
    with open(os.path.join(HERE, "verdicts.jsonl"), "w") as f:
        for rec in out:
            f.write(json.dumps(rec, ensure_ascii=False, sort_keys=True) + "\n")
    print("wrote %d verdicts" % (len(out) - 1), file=sys.stderr)


if __name__ == "__main__":
    main()
