#!/usr/bin/env bash
# The size divisor compare.sh and count.sh run a case at under callgrind (prints it; "skip" for a
# case too large to count). One place, so that both count the same thing.
id="$1"
case "$id" in
    "W9"|"W9b"|"W14"|"W14-clock"|"W16"|"W17"|"W15 N=1000"|W23*) echo 100 ;;
    W19*) echo 1 ;;
    W5-*) if (( ${id#*K=} > 10000 )); then echo skip; else echo 1; fi ;;
    *) echo 10 ;;
esac
