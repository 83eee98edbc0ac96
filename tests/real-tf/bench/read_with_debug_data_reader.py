#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Reads a logdir in full with TensorFlow's own DebugDataReader and the InfNanMonitor that
TensorBoard's Debugger V2 attaches to it (with TensorBoard's limit of alerts), and prints as
JSON what it found, the seconds the import of TensorFlow and the reading each took (the
reading in CPU seconds too), and the process's peak resident memory.

Usage: read_with_debug_data_reader.py LOGDIR [ALERT_LIMIT]
"""

import json
import resource
import sys
import time


def main():
    if len(sys.argv) not in (2, 3):
        sys.exit(__doc__)
    logdir = sys.argv[1]
    limit = int(sys.argv[2]) if len(sys.argv) == 3 else 1000
    start = time.monotonic()
    from tensorflow.python.debug.lib import debug_events_monitors
    from tensorflow.python.debug.lib import debug_events_reader
    imported = time.monotonic()
    cpu = time.process_time()
    with debug_events_reader.DebugDataReader(logdir) as reader:
        monitor = debug_events_monitors.InfNanMonitor(reader, limit=limit)
        reader.update()
        read = time.monotonic()
        cpu = time.process_time() - cpu
        alerts = monitor.alerts()
        first = alerts[0] if alerts else None
        result = {
            "import_seconds": imported - start,
            "read_seconds": read - imported,
            "read_cpu_seconds": cpu,
            "num_executions": reader.num_executions(),
            "num_graph_execution_traces": reader.num_graph_execution_traces(),
            "num_alerts": len(alerts),
            "first_alert": None if first is None else {
                "op_type": first.op_type,
                "output_slot": first.output_slot,
                "execution_index": first.execution_index,
                "graph_execution_trace_index": first.graph_execution_trace_index,
            },
            "max_rss_bytes": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024,
        }
    json.dump(result, sys.stdout)
    print()


if __name__ == "__main__":
    main()
