# SPDX-License-Identifier: GPL-2.0
#
# Guest job: rt-app's ns per loop on this guest, for scripts/run-scenario.sh
# to fix in every rt-app workload it runs (rt-app would otherwise measure
# it at each start, unrecorded).  Under a fixed -icount the guest's CPU
# speed is a constant, so one measurement per kernel and initramfs holds.
# rt-app prints "pLoad = Nns : calib_cpu 0"; N goes to
# $RESULTS/rtapp-calibration.txt.
cat >/tmp/calibrate.json <<'EOT'
{ "global": { "calibration": "CPU0", "duration": 1, "logdir": "/tmp" },
  "tasks": { "t": { "loop": 1, "run": 1000 } } }
EOT
rt-app /tmp/calibrate.json >/tmp/rtapp.out 2>&1
rc=$?
cat /tmp/rtapp.out
[ $rc -eq 0 ] || { echo "rtapp-calibrate: rt-app exited $rc"; exit 1; }
n=$(sed -n 's/.*pLoad = \([0-9]*\)ns.*/\1/p' /tmp/rtapp.out | head -1)
[ -n "$n" ] && [ "$n" -gt 0 ] || { echo "rtapp-calibrate: no 'pLoad = Nns' in rt-app's output"; exit 1; }
echo "$n" >"$RESULTS/rtapp-calibration.txt"
