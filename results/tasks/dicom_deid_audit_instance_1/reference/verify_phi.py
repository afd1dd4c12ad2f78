"""Verifier for dicom_deid_audit_instance_1: F1 over (index, tag) pairs."""
# EVALBOARD-REFERENCE-CANARY-5d1f0c7e-do-not-publish
import json, sys
pred = {(p["index"], p["tag"]) for p in json.load(open(sys.argv[1]))}
ref = {(p["index"], p["tag"]) for p in json.load(open(sys.argv[2]))["phi"]}
tp = len(pred & ref); f1 = 2 * tp / max(1, len(pred) + len(ref))
print(json.dumps({"score": f1}))
