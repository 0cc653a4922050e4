#!/bin/sh
# The static checks of `npm test`: the type check, ESLint, Prettier and knip. Each uses one core,
# so they run two at a time (tsc beside ESLint, then Prettier beside knip). Every one runs to the
# end and prints its own findings; the script fails if any failed, and names which.
failed=''
npx tsc --noEmit &
tsc=$!
npx eslint . || failed="$failed eslint"
wait $tsc || failed="$failed tsc"
npx prettier --check . &
prettier=$!
npx knip || failed="$failed knip"
wait $prettier || failed="$failed prettier"
if [ -n "$failed" ]; then
  echo "static checks failed:$failed" >&2
  exit 1
fi
