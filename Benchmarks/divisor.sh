#!/usr/bin/env bash
# The size divisor compare.sh and count.sh run a case at under callgrind (prints it; "skip" for a
# case too large to count). One place, so that both count the same thing.
id="$1"
case "$id" in
    "W9"|"W9b"|"W14"|"W14-clock"|"W16"|"W17"|"W15 N=1000"|W23*) echo 100 ;;
    W19*) echo 1 ;;
    # W5 whole at every K (its id names its size; K=1,000,000 takes about 2 minutes under
    # callgrind): its linearity target is judged on these counts, not on wall time.
    W5-*) echo 1 ;;
    *) echo 10 ;;
esac
