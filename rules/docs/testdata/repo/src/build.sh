#!/bin/sh
# Build notes: docs/build.md
echo "$# args # docs/missing-in-string.md"
cat <<EOT
# not a comment, a here document: docs/missing-in-heredoc.md
EOT
echo done # docs/design.md#design
