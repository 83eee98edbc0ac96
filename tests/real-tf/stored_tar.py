# SPDX-License-Identifier: GPL-3.0-or-later
"""The stored real logdirs (tests/data/real-tf/real-tf.tar.xz) unpacked for a check."""
import os
import tarfile


def _safe(member):
    """What tarfile's "data" filter lets through: plain files and folders inside the target."""
    name = os.path.normpath(member.name)
    return (member.isfile() or member.isdir()) and not os.path.isabs(name) and not name.startswith("..")


def extract(archive, work, keep=lambda top: True):
    """Unpacks the members of ARCHIVE whose first path component KEEP accepts into WORK.
    Python before 3.11.4 (Debian 12 has 3.11.2) has no extraction filter: the same rule is then
    applied here, so that the check runs on every Python a Debian release ships."""
    with tarfile.open(archive) as tar:
        members = [m for m in tar.getmembers() if keep(m.name.split("/")[0])]
        if hasattr(tarfile, "data_filter"):
            tar.extractall(work, members=members, filter="data")
            return
        unsafe = [m.name for m in members if not _safe(m)]
        if unsafe:
            raise ValueError(f"{archive}: refused to unpack {', '.join(unsafe[:3])}")
        tar.extractall(work, members=members)
