#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""What TensorFlow's own reader says about a logdir, as JSON: DebugDataReader for the run,
file sets, graphs, devices, op creations, executions and graph execution traces (values
included), InfNanMonitor (limit 1000, as TensorBoard's Debugger V2 attaches it) for the
alerts. Needs a Python with tensorflow. check-answers.py holds tfdbg-gtk to the result.

  tf-answers.py LOGDIR [-o FILE]
"""
import argparse
import glob
import math
import os

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")
import answer_file  # noqa: E402 (beside this file)
import numpy as np  # noqa: E402
from tensorflow.core.protobuf import debug_event_pb2  # noqa: E402
from tensorflow.python.debug.lib import debug_events_monitors  # noqa: E402
from tensorflow.python.debug.lib import debug_events_reader  # noqa: E402
from tensorflow.python.framework import errors  # noqa: E402
from tensorflow.python.lib.io import tf_record  # noqa: E402

ALERT_LIMIT = 1000  # TensorBoard's per-type alert limit


def number(x):
    """A JSON number, non-finite ones as the strings tfdbg-gtk writes."""
    if isinstance(x, (bool, np.bool_)):
        return bool(x)
    if isinstance(x, (int, np.integer)):
        return int(x)
    x = float(x)
    if math.isnan(x):
        return "nan"
    if math.isinf(x):
        return "inf" if x > 0 else "-inf"
    return int(x) if x.is_integer() and abs(x) < 2 ** 53 else x


def array(value):
    if value is None:
        return None
    value = np.asarray(value)
    if value.dtype.kind == "c":
        flat = [[number(v.real), number(v.imag)] for v in value.ravel()]
    elif value.dtype.kind in "SUO":
        flat = [v.decode("utf-8", "backslashreplace") if isinstance(v, bytes) else str(v)
                for v in value.ravel()]
    else:
        flat = [number(v) for v in value.ravel()]
    return {"dtype": value.dtype.name, "shape": list(value.shape), "values": flat}


def mode_name(mode):
    return debug_event_pb2.TensorDebugMode.Name(mode)


def frames(reader, ids):
    out = []
    for frame_id in ids:
        frame = reader._stack_frame_by_id.get(frame_id)
        if frame is None:
            out.append(None)  # TF's reader could not resolve it (no source file index yet)
        else:
            host, path, line, func = frame
            out.append({"host_name": host, "file_path": path, "line": line, "func": func})
    return out


def records(path):
    """Intact records of one file, read as TF's reader reads them: up to the first record
    that is cut short or damaged."""
    count = 0
    try:
        for _ in tf_record.tf_record_iterator(path):
            count += 1
    except errors.DataLossError:
        pass
    return count


def answers(logdir):
    reader = debug_events_reader.DebugDataReader(logdir)
    monitor = debug_events_monitors.InfNanMonitor(reader, limit=ALERT_LIMIT)
    # Attached, the monitor deadlocks on a FULL_TENSOR record: update() holds a file's
    # (non-reentrant) read lock while iterating it, and the monitor reads the same file to
    # decode the value. So the monitor sees the events after reading, in the order update()
    # would have given them: every graph execution trace, then every execution.
    reader._monitors.remove(monitor)
    reader.update()
    # TF cannot decode a graph string tensor (tensor_content holding varint lengths, then the
    # bytes): MakeNdarray raises ValueError, which neither the monitor nor TensorBoard catch.
    # Such an event is skipped here (it could not alert: not a float) and said in "tf_notes".
    notes = set()
    for index, trace in enumerate(reader.graph_execution_traces()):
        try:
            monitor.on_graph_execution_trace(index, trace)
        except ValueError as e:
            notes.add(f"InfNanMonitor fails on a FULL_TENSOR trace ({trace.op_type}): {e}")
    for index, execution in enumerate(reader.executions()):
        try:
            monitor.on_execution(index, execution)
        except ValueError as e:
            notes.add(f"InfNanMonitor fails on a FULL_TENSOR execution ({execution.op_type}): {e}")
    base = reader._reader
    prefixes = [p[:-len(".metadata")] for p in base._metadata_paths]
    out = {
        "tfdbg_run_id": reader.tfdbg_run_id(),
        "tensorflow_version": reader.tensorflow_version(),
        "starting_wall_time": reader.starting_wall_time(),
        "file_sets": [{
            "file_prefix": os.path.basename(p),
            "files": {kind: records(f"{p}.{kind}") for kind in (
                "metadata", "source_files", "stack_frames", "graphs", "execution",
                "graph_execution_traces") if os.path.exists(f"{p}.{kind}")},
        } for p in prefixes],
        "metadata_files": len(glob.glob(os.path.join(logdir, "*.metadata"))),
    }
    graphs = {}
    for gid, graph in reader._graph_by_id.items():
        graphs[gid] = {"graph_name": graph.name, "outer_context_id": graph.outer_graph_id or "",
                       "inner_graph_ids": list(graph.inner_graph_ids)}
    out["graphs"] = graphs
    out["devices"] = {str(k): v for k, v in reader.device_name_map().items()}
    out["source_files"] = [{"host_name": h, "file_path": p,
                            "num_lines": len(reader.source_lines(h, p))}
                           for h, p in reader.source_file_list()]
    out["num_stack_frames"] = len(reader._stack_frame_by_id)
    ops = []
    for op in reader.graph_op_digests():
        ops.append({
            "graph_id": op.graph_id, "op_name": op.op_name, "op_type": op.op_type,
            "input_names": list(op.input_names or []), "num_outputs": op.num_outputs,
            "output_tensor_ids": list(op.output_tensor_ids or []),
            "device_name": op.device_name, "host_name": op.host_name,
            "stack": frames(reader, op.stack_frame_ids),
        })
    out["op_creations"] = ops
    execs = []
    for index, e in enumerate(reader.executions()):
        entry = {
            "op_type": e.op_type, "graph_id": e.graph_id or "", "num_outputs": e.num_outputs,
            "input_tensor_ids": list(e.input_tensor_ids or []),
            "output_tensor_ids": list(e.output_tensor_ids or []),
            "output_tensor_device_ids": list(e.output_tensor_device_ids or []),
            "tensor_debug_mode": mode_name(e.tensor_debug_mode),
            "wall_time": e.wall_time, "host_name": e.host_name,
            "stack": frames(reader, e.stack_frame_ids),
        }
        if e.tensor_debug_mode == debug_event_pb2.TensorDebugMode.FULL_TENSOR:
            try:
                entry["values"] = [array(v) for v in reader.execution_to_tensor_values(e)]
            except ValueError as err:
                entry["values"] = None
                notes.add(f"TF's reader cannot decode a FULL_TENSOR execution ({e.op_type}): {err}")
        else:
            entry["debug_tensor_values"] = [
                None if v is None else [number(x) for x in v] for v in (e.debug_tensor_values or [])]
        execs.append(entry)
    out["executions"] = execs
    traces = []
    for t in reader.graph_execution_traces():
        entry = {
            "op_name": t.op_name, "op_type": t.op_type, "output_slot": t.output_slot,
            "graph_id": t.graph_id, "graph_ids": list(t.graph_ids),
            "device_name": t.device_name, "tensor_debug_mode": mode_name(t.tensor_debug_mode),
            "wall_time": t.wall_time,
        }
        if t.tensor_debug_mode == debug_event_pb2.TensorDebugMode.FULL_TENSOR:
            try:
                entry["value"] = array(reader.graph_execution_trace_to_tensor_value(t))
            except ValueError as e:
                entry["value"] = None
                entry["undecodable"] = str(e)
                notes.add(f"TF's reader cannot decode a FULL_TENSOR trace ({t.op_type}): {e}")
        elif t.tensor_debug_mode != debug_event_pb2.TensorDebugMode.NO_TENSOR:
            entry["debug_tensor_value"] = (None if t.debug_tensor_value is None
                                           else [number(x) for x in t.debug_tensor_value])
        traces.append(entry)
    out["graph_execution_traces"] = traces
    # The lines every recorded stack frame points at, as TF's reader returns them.
    lines = {}
    for entry in ops + execs:
        for frame in entry["stack"]:
            if frame is None:
                continue
            key = f'{frame["host_name"]}\t{frame["file_path"]}\t{frame["line"]}'
            if key not in lines:
                try:
                    text = reader.source_lines(frame["host_name"], frame["file_path"])
                    lines[key] = text[frame["line"] - 1] if 0 < frame["line"] <= len(text) else None
                except KeyError:
                    lines[key] = None
    out["source_lines"] = lines
    alerts = monitor.alerts()

    def alert(a):
        return None if a is None else {
            "op_type": a.op_type, "output_slot": a.output_slot,
            "size": None if a.size is None else int(a.size),
            "num_neg_inf": None if a.num_neg_inf is None else int(a.num_neg_inf),
            "num_pos_inf": None if a.num_pos_inf is None else int(a.num_pos_inf),
            "num_nan": None if a.num_nan is None else int(a.num_nan),
            "execution_index": a.execution_index,
            "graph_execution_trace_index": a.graph_execution_trace_index,
            "wall_time": a.wall_time}

    out["alerts"] = {
        "num_alerts": len(alerts),
        "from_graph_execution_traces": sum(a.graph_execution_trace_index is not None for a in alerts),
        "from_executions": sum(a.execution_index is not None for a in alerts),
        "first_alert": alert(alerts[0] if alerts else None),
        "first_trace_alert": alert(next((a for a in alerts if a.graph_execution_trace_index is not None), None)),
        "first_execution_alert": alert(next((a for a in alerts if a.execution_index is not None), None)),
    }
    out["tf_notes"] = sorted(notes)
    return out


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("logdir")
    parser.add_argument("-o", "--output")
    args = parser.parse_args()
    try:
        result = answers(args.logdir)
    except Exception as e:  # TF's reader refuses the logdir: that is its answer
        import traceback
        traceback.print_exc()
        result = {"refused": f"{type(e).__name__}: {e}"}
    answer_file.write(result, args.output)


if __name__ == "__main__":
    main()
