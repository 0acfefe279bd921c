#!/usr/bin/env bash
# Runs a command and says on standard error how long it took, so that CI's
# log shows where a run's time went: scripts/timed.sh COMMAND [ARGS...]
# The command's exit status is kept.
start=$SECONDS
status=0
"$@" || status=$?
echo "timed: $* took $((SECONDS - start)) s (status $status)" >&2
exit "$status"
