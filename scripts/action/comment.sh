#!/usr/bin/env bash
# Keeps one wirelint comment on a pull request up to date: the comment that
# the token's own identity wrote and that starts with the hidden marker
# <!-- wirelint --> is edited in place, or created when there is none. A
# comment anyone else wrote is never edited, marker or not: a pull request
# author who posts one first cannot make the report disappear behind it. A
# clean report edits an existing comment (so it stops showing stale
# findings) but never opens a new one. Uses `gh api` with the workflow's
# GITHUB_TOKEN only; the job needs `pull-requests: write`.
# action.yml runs it; its test is cmd/wirelint/action_test.go.
#
# Environment:
#   GH_TOKEN             the token gh uses (github.token)
#   WIRELINT_REPOSITORY  OWNER/NAME of the pull request's repository
#   WIRELINT_PR          the pull request's number
#   WIRELINT_REPORT      the markdown report (wirelint --format markdown)
#   WIRELINT_COMMENT_AUTHOR  the login the token comments as (empty = ask
#                        `gh api user`, which answers for a personal token;
#                        the GITHUB_TOKEN cannot, and comments as
#                        github-actions[bot]; a GitHub App's token comments as
#                        APP-SLUG[bot]: set it then)
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

# Who the token comments as.
login=${WIRELINT_COMMENT_AUTHOR:-}
if [ -z "$login" ]; then
  login=$(gh api user --jq .login 2>/dev/null) || login='github-actions[bot]'
fi
if ! [[ "$login" =~ ^[A-Za-z0-9][A-Za-z0-9-]*(\[bot\])?$ ]]; then
  echo "::warning::wirelint: '$login' is not a GitHub login; not commenting (set comment-author)"
  exit 0
fi

# The first comment of the pull request that this identity wrote and that
# starts with the marker.
ids=$(gh api --paginate "repos/$repo/issues/$pr/comments" \
  --jq ".[] | select(.user.login == \"$login\" and (.body | startswith(\"$marker\"))) | .id") || cannot "read the comments"
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
