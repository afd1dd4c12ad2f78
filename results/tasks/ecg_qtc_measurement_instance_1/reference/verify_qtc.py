"""Verifier for ecg_qtc_measurement_instance_1 (hidden from solvers)."""
# EVALBOARD-REFERENCE-CANARY-5d1f0c7e-do-not-publish
import json, sys
ref = json.load(open(sys.argv[2])); out = json.load(open(sys.argv[1]))
ok = [abs(out[k] - ref[k]) <= ref["tolerance"][k] for k in ("rr_ms", "qt_ms", "qtc_bazett_ms")]
score = 0.25 * sum(ok) + 0.25 * (out.get("prolonged") == ref["prolonged"])
print(json.dumps({"score": score}))
