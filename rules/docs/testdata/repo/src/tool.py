# See docs/tool.md for the tool's design.
PATH = "# docs/missing-in-string.md"  # but this comment cites docs/design.md#usage-1
DOC = """
A docstring-like literal is a string: # docs/missing-in-docstring.md
"""
