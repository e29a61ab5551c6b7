"""The simulated machine: processes, their collectives, and host queues.

A program runs as `num_replicas x num_partitions` processes, one thread each,
as the spec's execution model describes. Processes meet in collectives by
program order: the n-th collective a process executes pairs with the n-th
collective of its peers.
"""
from __future__ import annotations

import collections
import dataclasses
import threading

from ..errors import InterpreterError

TIMEOUT_S = 60.0


@dataclasses.dataclass
class Host:
    """Data exchanged with the host: infeed values to read, outfeed values written,
    and per-channel queues for send/recv with `is_host_transfer`."""
    infeed: list = dataclasses.field(default_factory=list)
    outfeed: list = dataclasses.field(default_factory=list)
    channels: dict = dataclasses.field(default_factory=lambda: collections.defaultdict(list))
    lock: threading.Lock = dataclasses.field(default_factory=threading.Lock, repr=False)

    def read_infeed(self, where: str):
        with self.lock:
            if not self.infeed:
                raise InterpreterError(f"{where}: infeed is empty (pass host=Host(infeed=[...]))")
            return self.infeed.pop(0)

    def write_outfeed(self, values) -> None:
        with self.lock:
            self.outfeed.append(values)


class Communicator:
    """Rendezvous of processes for collectives and channel transfers."""

    def __init__(self, num_processes: int):
        self.num_processes = num_processes
        self._cond = threading.Condition()
        self._deposits: dict = collections.defaultdict(dict)
        self._failed: str | None = None

    def exchange(self, key, process: int, value, group) -> dict:
        """Deposits `value` under `key` and waits for every process in `group`; returns {process: value}."""
        group = tuple(sorted(group))
        with self._cond:
            if self._failed:
                raise InterpreterError(self._failed)
            slot = self._deposits[(key, group)]
            slot[process] = value
            self._cond.notify_all()
            if not self._cond.wait_for(lambda: self._failed or len(slot) == len(group), timeout=TIMEOUT_S):
                self._failed = f"collective {key} timed out waiting for processes {group}"
                self._cond.notify_all()
                raise InterpreterError(self._failed)
            if self._failed:
                raise InterpreterError(self._failed)
            return dict(slot)

    def fail(self, message: str) -> None:
        with self._cond:
            self._failed = self._failed or message
            self._cond.notify_all()


@dataclasses.dataclass
class Process:
    replica_id: int
    partition_id: int
    num_replicas: int
    num_partitions: int
    communicator: Communicator
    host: Host
    collective_count: int = 0

    @property
    def index(self) -> int:
        """The process's position in the grid: replica-major order."""
        return self.replica_id * self.num_partitions + self.partition_id

    def next_collective(self) -> int:
        self.collective_count += 1
        return self.collective_count
