"""A pytest plugin for the notebooks' run (``make test`` loads it with ``-p nbval_ipc``): nbval's
kernels talk over Unix sockets instead of TCP ports.

jupyter_client picks a kernel's five TCP ports by binding to port 0 and letting them go
before the kernel binds them; while the browser tests start servers and their kernels on
the same machine, another process can take a port in between, and the notebook's kernel
then dies at its start ("Kernel died before replying to kernel_info": seen once in a loaded
``make test``). A Unix socket has a path of its own: nothing to race for.
"""

from __future__ import annotations

import atexit
import os
import shutil
import tempfile

import nbval.kernel
from jupyter_client import KernelManager


class IPCKernelManager(KernelManager):
    """jupyter_client's KernelManager with ``transport="ipc"`` unless told otherwise, its
    sockets in a folder of their own (``ip`` is the sockets' path prefix for ipc; left alone it
    is ``kernel-ipc`` in the working folder, the same for every kernel)."""

    def __init__(self, **kwargs):
        if "transport" not in kwargs:
            kwargs["transport"] = "ipc"
            folder = tempfile.mkdtemp(prefix="nbval-kernel-")
            atexit.register(shutil.rmtree, folder, True)
            kwargs.setdefault("ip", os.path.join(folder, "kernel"))
        super().__init__(**kwargs)


nbval.kernel.KernelManager = IPCKernelManager
