# SPDX-License-Identifier: GPL-3.0-or-later
"""What TensorFlow's own reader, debug_data.DebugDumpDir, reads from a tfdbg V1 dump root,
as JSON: per Session.run (run_ folder, in run order) its core metadata, its devices, every
dumped tensor in time order (node, slot, debug op, timestamp, device, dtype, shape, values,
has_inf_or_nan), the first dump that has_inf_or_nan, and each partition graph's nodes (op
type, data and control inputs, attribute names).

  python dump-facts.py DUMP_ROOT > facts.json
"""
import json
import math
import os
import sys

from tensorflow.python.debug.lib import debug_data


def number(v):
    v = float(v)
    if math.isnan(v):
        return "nan"
    if math.isinf(v):
        return "inf" if v > 0 else "-inf"
    return v


def value(v, kind):
    if kind == "f":
        return number(v)
    if isinstance(v, bytes):
        return v.decode("utf-8", "replace")
    return int(v)


def run_facts(run_dir):
    dump = debug_data.DebugDumpDir(run_dir)
    meta = dump.core_metadata
    facts = {
        "folder": os.path.basename(run_dir),
        "core_metadata": {
            "global_step": meta.global_step,
            "session_run_index": meta.session_run_index,
            "executor_step_index": meta.executor_step_index,
            "input_names": list(meta.input_names),
            "output_names": list(meta.output_names),
            "target_nodes": list(meta.target_nodes),
        },
        "t0": dump.t0,
        "devices": sorted(dump.devices()),
        "dumps": [],
        "nodes": {},
    }
    bad = dump.find(debug_data.has_inf_or_nan, first_n=1)
    facts["first_inf_or_nan"] = None if not bad else {
        "node_name": bad[0].node_name, "output_slot": bad[0].output_slot,
        "device_name": bad[0].device_name, "timestamp": bad[0].timestamp}
    data = sorted(dump.dumped_tensor_data, key=lambda d: d.timestamp)
    for datum in data:
        tensor = datum.get_tensor()
        entry = {
            "node_name": datum.node_name,
            "output_slot": datum.output_slot,
            "debug_op": datum.debug_op,
            "timestamp": datum.timestamp,
            "device_name": datum.device_name,
            "file": os.path.relpath(datum.file_path, os.path.dirname(run_dir)),
            "has_inf_or_nan": bool(debug_data.has_inf_or_nan(datum, tensor)),
        }
        if isinstance(tensor, debug_data.InconvertibleTensorProto):
            # A resource handle or another value numpy cannot hold.
            entry["dtype"] = None
            entry["shape"] = None
            entry["values"] = None
        else:
            # numpy holds TensorFlow's strings as objects
            entry["dtype"] = "string" if tensor.dtype.kind == "O" else tensor.dtype.name
            entry["shape"] = list(tensor.shape)
            entry["values"] = [value(v, tensor.dtype.kind) for v in tensor.flatten().tolist()]
        facts["dumps"].append(entry)
    for device in sorted(dump.devices()):
        nodes = {}
        for node in dump.nodes(device_name=device):
            nodes[node] = {
                "op_type": dump.node_op_type(node, device_name=device),
                "inputs": dump.node_inputs(node, device_name=device),
                "control_inputs": dump.node_inputs(node, is_control=True, device_name=device),
                "attributes": sorted(dump.node_attributes(node, device_name=device).keys()),
            }
        facts["nodes"][device] = nodes
    try:
        dump.node_traceback(data[0].node_name)
        facts["traceback"] = "present"
    except LookupError as e:
        facts["traceback"] = str(e)
    return facts


def main(root):
    runs = sorted((d for d in os.listdir(root) if d.startswith("run_")),
                  key=lambda d: int(d.rsplit("_", 1)[1]))
    print(json.dumps({"runs": [run_facts(os.path.join(root, d)) for d in runs]}, indent=1, sort_keys=True))


if __name__ == "__main__":
    main(sys.argv[1])
