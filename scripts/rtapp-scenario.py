#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
#
# rtapp-scenario.py [--check] JSON OUTDIR CALIBRATION: an rt-app workload
# as an idlesim scenario.  --check also has the host's rt-app read it (see
# rtapp_says()): what it complains of is an error here, before any boot.
#
# Writes OUTDIR/NAME.json, the workload as rt-app will run it in the
# guest (its calibration fixed to CALIBRATION ns per loop, its logs into
# the results directory), OUTDIR/rtapp-cpus ("TASK CPU" for each task
# pinned to one CPU, whose wake-ups the analysis can then split into the
# model's part and the guest's), and OUTDIR/NAME.ini, the scenario that runs it:
# the sidecar JSON-NAME.ini beside the JSON if there is one (an idlesim
# scenario: [scenario] for cpus, seed, budget and settle, [model] and
# threads for the hardware inputs), else a default one; either way with
# a [command rt-app] that starts rt-app at 0 s.  Exit 2 with FILE:LINE:
# what is wrong for anything rt-app or the scenario would refuse.
#
# Calibration: rt-app measures its ns per loop at start unless told; under
# a fixed -icount the guest's CPU speed is fixed, so the runner measures
# it once per kernel and initramfs (guest-rootfs/jobs/rtapp-calibrate.sh)
# and every run states it (manifest, workload.json).
import json
import os
import shutil
import subprocess
import sys
import tempfile


# What rt-app 1.0 (Debian's, the guest's) reads in a task and in a phase,
# from its tutorial.txt: properties by name, events by the start of the
# key (a key is unique in its object, so "run0" and "run1" are two runs).
# Any other key it ignores without a word, so a typo ("rnu") would change
# the workload silently: such a key is refused here.
TASK_KEYS = ("instance", "policy", "priority", "dl-runtime", "dl-period", "dl-deadline",
             "cpus", "delay", "phases", "loop")
PHASE_KEYS = ("loop", "cpus")
EVENTS = ("runtime", "run", "sleep", "mem", "iorun", "timer", "lock", "unlock", "wait",
          "signal", "broad", "sync", "barrier", "suspend", "resume", "yield")


def key_line(text, key):
    """The line of the first "key": in the file, for the message."""
    needle = json.dumps(key)
    for n, line in enumerate(text.splitlines(), 1):
        if needle in line:
            return n
    return 1


def check_keys(path, text, where, obj, allowed):
    for k in obj:
        if k in allowed or k.startswith(EVENTS):
            continue
        die(f"{path}:{key_line(text, k)}: {where}: {json.dumps(k)}: not a property or event that "
            f"rt-app 1.0 reads (it would ignore it); properties: {', '.join(allowed)}; events: "
            f"{', '.join(EVENTS)}, each with any suffix (run0)")


def die(msg):
    print(msg, file=sys.stderr)
    sys.exit(2)


def rtapp_says(path, w):
    """rt-app's own complaints about the workload, from the host's rt-app.

    rt-app 1.0 reports what it cannot use ("Unknown or mismatch run event
    type") and runs on without it.  The host's rt-app reads a copy made
    harmless (one second, SCHED_OTHER, a fixed calibration, logs in a
    temporary directory) and is stopped after that second.
    """
    if not shutil.which("rt-app"):
        return []
    c = json.loads(json.dumps(w))
    g = c.setdefault("global", {})
    g.update({"duration": 1, "calibration": 1000, "default_policy": "SCHED_OTHER"})
    for t in c["tasks"].values():
        t.pop("policy", None)
        t.pop("priority", None)
    with tempfile.TemporaryDirectory() as d:
        g["logdir"] = d
        f = os.path.join(d, "check.json")
        with open(f, "w", encoding="utf-8") as out:
            json.dump(c, out)
        try:
            r = subprocess.run(["rt-app", f], cwd=d, capture_output=True, text=True, timeout=10)
            text = r.stdout + r.stderr
        except subprocess.TimeoutExpired as e:
            text = (e.stdout or b"").decode(errors="replace") + (e.stderr or b"").decode(errors="replace")
    return [l.strip() for l in text.splitlines() if "<error>" in l or "<crit>" in l]


def main():
    check = len(sys.argv) > 1 and sys.argv[1] == "--check"
    if check:
        sys.argv.pop(1)
    if len(sys.argv) != 4:
        die("usage: rtapp-scenario.py [--check] JSON OUTDIR CALIBRATION_NS_PER_LOOP")
    path, outdir, calib = sys.argv[1], sys.argv[2], sys.argv[3]
    if not calib.isdigit() or int(calib) <= 0:
        die(f"rtapp-scenario: calibration '{calib}': expected ns per loop, > 0")
    try:
        with open(path, encoding="utf-8") as f:
            text = f.read()
    except OSError as e:
        die(f"{path}: {e.strerror}")
    try:
        w = json.loads(text)
    except json.JSONDecodeError as e:
        die(f"{path}:{e.lineno}:{e.colno}: not JSON: {e.msg} (rt-app reads strict JSON here; no comments)")
    except UnicodeDecodeError as e:
        die(f"{path}: not UTF-8 text: {e}")
    if not isinstance(w, dict) or not isinstance(w.get("tasks"), dict) or not w["tasks"]:
        die(f"{path}: not an rt-app workload: expected an object with a non-empty \"tasks\" object")
    g = w.setdefault("global", {})
    if not isinstance(g, dict):
        die(f"{path}: \"global\": expected an object")
    dur = g.get("duration")
    if not isinstance(dur, int) or isinstance(dur, bool) or dur <= 0 or dur > 600:
        die(f"{path}: \"global\".\"duration\": {json.dumps(dur)}; expected whole seconds, 1 to 600 "
            "(the scenario needs to know how long the workload runs)")
    pinned = []
    for name, t in w["tasks"].items():
        if not isinstance(t, dict):
            die(f"{path}: task \"{name}\": expected an object")
        check_keys(path, text, f"task {json.dumps(name)}", t, TASK_KEYS)
        phases = t.get("phases", {})
        if not isinstance(phases, dict):
            die(f"{path}:{key_line(text, 'phases')}: task {json.dumps(name)}: \"phases\": expected an object")
        for pname, ph in phases.items():
            if not isinstance(ph, dict):
                die(f"{path}:{key_line(text, pname)}: task {json.dumps(name)}, phase {json.dumps(pname)}: expected an object")
            check_keys(path, text, f"task {json.dumps(name)}, phase {json.dumps(pname)}", ph, PHASE_KEYS)
        # a task on one CPU: its wake-ups can be matched to that CPU's idle periods
        cpus = t.get("cpus")
        if isinstance(cpus, list) and len(cpus) == 1 and isinstance(cpus[0], int):
            pinned.append(f"{name} {cpus[0]}")
    if check:
        said = rtapp_says(path, w)
        if said:
            die(f"{path}: rt-app refuses part of it:\n  " + "\n  ".join(said))
    if "calibration" in g and g["calibration"] != int(calib) and not check:
        print(f"{path}: \"calibration\": {json.dumps(g['calibration'])} replaced by the guest's "
              f"measured {calib} ns per loop", file=sys.stderr)
    g["calibration"] = int(calib)
    g["logdir"] = "/results/rt-app"
    g["log_basename"] = "rt-app"

    name = os.path.splitext(os.path.basename(path))[0]
    if not name.replace("-", "").replace("_", "").isalnum() or len(name) > 31:
        die(f"{path}: the file's name '{name}': expected 1 to 31 letters, digits, '-' and '_'")
    os.makedirs(outdir, exist_ok=True)
    with open(os.path.join(outdir, name + ".json"), "w", encoding="utf-8") as f:
        json.dump(w, f, indent=1, sort_keys=True)
        f.write("\n")

    with open(os.path.join(outdir, "rtapp-cpus"), "w", encoding="utf-8") as f:
        f.write("".join(p + "\n" for p in pinned))

    sidecar = os.path.splitext(path)[0] + ".ini"
    if os.path.exists(sidecar):
        with open(sidecar, encoding="utf-8") as f:
            ini = f.read()
        if "[command rt-app]" in ini:
            die(f"{sidecar}: has a [command rt-app] of its own; the runner adds it")
        if not ini.endswith("\n"):
            ini += "\n"
    else:
        ini = (f"# rt-app workload {name}: the scenario the runner made for it\n"
               "[scenario]\n"
               f"name = {name}\n"
               f"description = rt-app workload {name}.json ({len(w['tasks'])} tasks)\n"
               f"duration = {dur + 1}s\n"
               "cpus = 2\n"
               "seed = 1\n"
               "latency_budget = 1ms\n"
               "settle = 500ms\n")
    ini += ("\n# added by scripts/rtapp-scenario.py\n"
            "[command rt-app]\n"
            "start = 0s\n"
            f"run = rt-app /job/{name}.json\n")
    with open(os.path.join(outdir, name + ".ini"), "w", encoding="utf-8") as f:
        f.write(ini)


main()
