#!/usr/bin/env bash
# Fails on any citation, in src/, web/ and tests/, of something a reader of the repository cannot open: the
# implementation notes kept beside the repository ("notes §3.6", "the notes' prototype", "../shared/papers/..."),
# files the repository does not have (DESIGN.md, TOOLCHAIN.md, ../shared/ but the papers), and issue numbers
# ("issue 23": say what the feature is instead). Cite the paper by its own numbering (eq. (3.4), Lemma 4.8, App. B)
# and the lab's document by section (docs/labs/<id>.md §4.3). Prints every offending line as file:line: text and
# exits 1 if there is one. Runs on the files git tracks in the current repository (any worktree).
set -euo pipefail
cd "$(git rev-parse --show-toplevel)"

patterns=(
    'notes ?§'                                # "notes §3.6"
    "(^|[^'\"A-Za-z_.])notes'"                # "the notes' prototype"
    '(^|[^A-Za-z_.])the notes([^A-Za-z_]|$)'  # "as the notes warn"
    '(^|[^A-Za-z_."])notes:'                  # "notes: 0.57"
    '\(notes([^A-Za-z_]|$)'                   # "(notes)", "(notes; ...)"
    '(^|[^A-Za-z_.])notes (use|say|warn|recommend|[0-9≈~])'   # "notes use ≈ 3000 d", "notes 0.416"
    'implementation notes'
    'papers/[0-9]{3}'                         # ../shared/papers/004-latent-clusters.md
    '\.\./shared/([^s]|s[^e]|se[^e])'          # anything beside the repository but the papers' texts (../shared/seeds/,
                                              # which `moe-lab list` names as each lab's paper)
    'DESIGN\.md|TOOLCHAIN\.md'                # files the repository does not have
    '(^|[^A-Za-z_])[Ii]ssues? #?[0-9]'        # "issue 23", "(issue 13)", "Issue 13 item 7"
    "(^|[^A-Za-z_])the issue('s)?([^A-Za-z_]|\$)"   # "the issue's wording", "the race of the issue"
)
regex=$(IFS='|'; echo "${patterns[*]}")

mapfile -t files < <(git ls-files -- src web tests)
if [ "${#files[@]}" -eq 0 ]; then
    echo "check-citations: no files under src/, web/ or tests/" >&2
    exit 1
fi
# -I: skip binary files (the fuzz corpus); -H -n: file:line. grep exits 0 on a match, 1 on none, 2 on an error.
rc=0
hits=$(grep -HnIE -- "$regex" "${files[@]}") || rc=$?
if [ "$rc" -eq 0 ]; then
    printf '%s\n' "$hits"
    echo "check-citations: $(printf '%s\n' "$hits" | wc -l) citation(s) of notes, files or issues outside the repository;" \
         "cite the paper (eq., Lemma, Theorem, Fig., App.) or docs/labs/<id>.md §N instead" >&2
    exit 1
elif [ "$rc" -ne 1 ]; then
    echo "check-citations: grep failed (exit $rc)" >&2
    exit 2
fi
echo "check-citations: ${#files[@]} files under src/, web/ and tests/ cite nothing outside the repository"
