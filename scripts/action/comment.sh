#!/usr/bin/env bash
# Keeps one wirelint comment on a pull request up to date: the comment that
# carries the hidden marker <!-- wirelint --> is edited in place, or created
# when there is none. A clean report edits an existing comment (so it stops
# showing stale findings) but never opens a new one. Uses `gh api` with the
# workflow's GITHUB_TOKEN only; the job needs `pull-requests: write`.
# action.yml runs it; its test is cmd/wirelint/action_test.go.
#
# Environment:
#   GH_TOKEN             the token gh uses (github.token)
#   WIRELINT_REPOSITORY  OWNER/NAME of the pull request's repository
#   WIRELINT_PR          the pull request's number
#   WIRELINT_REPORT      the markdown report (wirelint --format markdown)
#
# REST endpoints: https://docs.github.com/en/rest/issues/comments
set -euo pipefail

marker='<!-- wirelint -->'
repo=${WIRELINT_REPOSITORY:?}
pr=${WIRELINT_PR:?}
report=${WIRELINT_REPORT:?}

body=$(mktemp)
trap 'rm -f "$body"' EXIT
{ echo "$marker"; cat "$report"; } > "$body"

# A pull request from a fork gets a read-only token: say so, and leave the
# job's result to the findings.
cannot() {
  echo "::warning::wirelint: could not $1 on pull request #$pr (the job needs 'permissions: pull-requests: write'; a pull request from a fork gets a read-only token)"
  exit 0
}

# The first comment of the pull request that holds the marker.
ids=$(gh api --paginate "repos/$repo/issues/$pr/comments" \
  --jq ".[] | select(.body | contains(\"$marker\")) | .id") || cannot "read the comments"
id=${ids%%$'\n'*}

if [ -n "$id" ]; then
  gh api --method PATCH "repos/$repo/issues/comments/$id" -F "body=@$body" --silent || cannot "update comment $id"
  echo "wirelint: updated comment $id on pull request #$pr"
elif grep -q '^No findings\.$' "$report"; then
  echo "wirelint: no findings and no earlier comment on pull request #$pr: nothing to post"
else
  gh api --method POST "repos/$repo/issues/$pr/comments" -F "body=@$body" --silent || cannot "comment"
  echo "wirelint: commented on pull request #$pr"
fi
