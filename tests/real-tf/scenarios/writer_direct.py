# SPDX-License-Identifier: GPL-3.0-or-later
"""The DebugEventsWriter used directly, as TensorFlow's own writer tests do: source files,
stack frames, a graph with op creations, a device, executions and traces written from four
threads at once, with a circular buffer of 20 and two flushes."""
import threading

from scenario import setup

logdir, _, rng = setup()
import numpy as np  # noqa: E402
import tensorflow as tf  # noqa: E402,F401
from tensorflow.core.framework import graph_debug_info_pb2  # noqa: E402
from tensorflow.core.protobuf import debug_event_pb2  # noqa: E402
from tensorflow.python.debug.lib import debug_events_writer  # noqa: E402
from tensorflow.python.framework import tensor_util  # noqa: E402

writer = debug_events_writer.DebugEventsWriter(logdir, "0badcafe", circular_buffer_size=20)
host = "writer-host.example"
writer.WriteSourceFile(debug_event_pb2.SourceFile(
    file_path="/srv/model/train.py", host_name=host, lines=["import tf", "y = f(x)", ""]))
frames = [f"frame-{i}" for i in range(3)]
for i, frame in enumerate(frames):
    writer.WriteStackFrameWithId(debug_event_pb2.StackFrameWithId(
        id=frame, file_line_col=graph_debug_info_pb2.GraphDebugInfo.FileLineCol(
            file_index=0, line=i + 1, func="<module>")))
where = debug_event_pb2.CodeLocation(host_name=host, stack_frame_ids=frames)
writer.WriteDebuggedGraph(debug_event_pb2.DebuggedGraph(graph_id="g1", graph_name="f"))
writer.WriteGraphOpCreation(debug_event_pb2.GraphOpCreation(
    op_type="Placeholder", op_name="x", graph_name="f", graph_id="g1", num_outputs=1,
    code_location=where, output_tensor_ids=[1]))
writer.WriteGraphOpCreation(debug_event_pb2.GraphOpCreation(
    op_type="Exp", op_name="y", graph_name="f", graph_id="g1", input_names=["x:0"],
    num_outputs=1, code_location=where, output_tensor_ids=[2]))
device_id = writer.RegisterDeviceAndGetId("/job:localhost/replica:0/task:0/device:CPU:0")


def write(thread):
    for i in range(15):
        # Every fifth trace of each thread counts one +inf among its 3 elements.
        summary = np.array([2, 3, 0, 1 if i % 5 == 4 else 0, 0], np.float64)
        writer.WriteGraphExecutionTrace(debug_event_pb2.GraphExecutionTrace(
            tfdbg_context_id="g1", op_name="y", output_slot=0,
            tensor_debug_mode=debug_event_pb2.TensorDebugMode.CONCISE_HEALTH,
            tensor_proto=tensor_util.make_tensor_proto(summary),
            device_name="/job:localhost/replica:0/task:0/device:CPU:0"))
        writer.WriteExecution(debug_event_pb2.Execution(
            op_type="__inference_f_1", num_outputs=1, graph_id="g1",
            input_tensor_ids=[100 * thread + i], output_tensor_ids=[1000 + 100 * thread + i],
            tensor_debug_mode=debug_event_pb2.TensorDebugMode.CONCISE_HEALTH,
            tensor_protos=[tensor_util.make_tensor_proto(
                np.array([-1, 3, 0, 0, 0], np.float64))],
            code_location=where, output_tensor_device_ids=[device_id]))
        if thread == 0 and i == 7:
            writer.FlushExecutionFiles()


threads = [threading.Thread(target=write, args=(t,)) for t in range(4)]
for t in threads:
    t.start()
for t in threads:
    t.join()
writer.FlushNonExecutionFiles()
writer.FlushExecutionFiles()
writer.Close()
