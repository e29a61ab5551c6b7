"""Isolated reads of untrusted artifacts (serialize/isolation.py): a reader that loops, sleeps or
crashes is refused within the limit, and no reader outlives the process that asked for it."""
from __future__ import annotations

import os
import pathlib
import signal
import subprocess
import sys
import textwrap
import threading
import time

import pytest

import shlo
from shlo.serialize import isolation

ROOT = pathlib.Path(__file__).resolve().parent.parent
SMALL = (ROOT / "compat_tests/1.5.0/abs.complex_modulus.shlo").read_bytes()
# Found by tools/fuzz_artifacts.py --deep --isolated: valid checksum and section table, and
# MLIR 22.1.8's bytecode reader spins on it forever (constant memory, 100% CPU): attributes that
# refer to each other in a cycle. dialect/ShloBytecodeGuard.cpp refuses it (and crafted_abort.shlo:
# tests/test_fuzz_regressions.py); the tests that need the reader to loop or abort turn that off
# (SHLO_BYTECODE_GUARD=0) for the reader server they start.
LOOP = ROOT / "tests/data/crafted_loop.shlo"
UNGUARDED = {"SHLO_BYTECODE_GUARD": "0"}


@pytest.fixture
def unguarded_reader(monkeypatch):
    """A reader server that reads with MLIR's own attribute and type readers alone."""
    monkeypatch.setenv("SHLO_BYTECODE_GUARD", "0")
    isolation.shutdown()
    yield
    monkeypatch.delenv("SHLO_BYTECODE_GUARD")
    isolation.shutdown()


def _ppid(pid: int) -> int | None:
    try:
        stat = pathlib.Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return None
    return int(stat.rsplit(")", 1)[1].split()[1])


def _children(pid: int) -> list[int]:
    return [int(p) for p in os.listdir("/proc") if p.isdigit() and _ppid(int(p)) == pid]


def _running(pid: int) -> bool:
    """Alive and not a zombie (a container's init may be slow to reap what it inherits)."""
    try:
        stat = pathlib.Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return False
    return stat.rsplit(")", 1)[1].split()[0] != "Z"


def _wait_for(get, timeout=30.0):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        value = get()
        if value:
            return value
        time.sleep(0.02)
    raise AssertionError("timed out waiting")


def _asm(prog) -> str:
    return prog.module.operation.get_asm()


def test_isolated_reads_return_the_same_program():
    files = [ROOT / "compat_tests" / v / "abs.complex_modulus.shlo" for v in ("1.0.0", "1.5.0")]
    files += sorted((ROOT / "compat_tests/1.5.0").glob("select_and_scatter*.shlo"))[:1]
    for f in files:
        data = f.read_bytes()
        assert _asm(shlo.deserialize(data, isolated=True)) == _asm(shlo.deserialize(data)), f
    # The CLI's path for plain MLIR bytecode goes through the same reader.
    from shlo.serialize import envelope
    from shlo.tools.io import load_program
    plain = envelope.payload_of(SMALL)
    assert _asm(load_program(plain, "<p>", verify=False)) == _asm(shlo.parse(plain, verify=False))


def test_errors_from_the_reader_are_deserialization_errors():
    bad = shlo.serialize(shlo.parse("""func.func @main(%a: tensor<2xf32>) -> tensor<3xf32> {
      %0 = "shlo.exponential"(%a) : (tensor<2xf32>) -> tensor<3xf32>
      func.return %0 : tensor<3xf32>
    }""", verify=False))
    with pytest.raises(shlo.DeserializationError, match="exponential.C1"):
        shlo.deserialize(bad, isolated=True)
    assert _asm(shlo.deserialize(bad, isolated=True, verify=False))  # verify=False reaches the reader


def test_a_looping_artifact_is_refused_within_the_limit(unguarded_reader):
    isolation.prestart()
    t = time.monotonic()
    with pytest.raises(shlo.DeserializationError, match=r"reading the artifact did not finish within 1\.5 s"):
        shlo.deserialize(LOOP.read_bytes(), isolated=True, timeout_s=1.5)
    assert time.monotonic() - t < 1.5 + 1.5


@pytest.mark.parametrize("hook", ["_spin", "_sleep"])
def test_a_stuck_reader_is_refused_within_the_limit(hook):
    t = time.monotonic()
    with pytest.raises(shlo.DeserializationError, match=r"did not finish within 1\.5 s"):
        isolation.probe(SMALL, hook, timeout_s=1.5)
    assert time.monotonic() - t < 1.5 + 1.5
    assert _asm(shlo.deserialize(SMALL, isolated=True))  # the server survives a killed reader


def test_the_limit_comes_from_the_environment(monkeypatch):
    monkeypatch.setenv(isolation.TIMEOUT_ENV, "0.5")
    t = time.monotonic()
    with pytest.raises(shlo.DeserializationError, match=r"within 0\.5 s"):
        isolation.probe(SMALL, "_spin")
    assert time.monotonic() - t < 2.0
    monkeypatch.setenv(isolation.TIMEOUT_ENV, "soon")
    with pytest.raises(shlo.DeserializationError, match="not a number of seconds"):
        shlo.deserialize(SMALL, isolated=True)
    with pytest.raises(shlo.DeserializationError, match="positive number of seconds"):
        shlo.deserialize(SMALL, isolated=True, timeout_s=0)
    monkeypatch.delenv(isolation.TIMEOUT_ENV)
    assert isolation.read_limit() == isolation.DEFAULT_TIMEOUT_S <= 10


def test_a_crashing_reader_is_refused_with_the_signal_and_the_assertion(unguarded_reader):
    # MLIR's reader asserts on these bytes where dialect/ShloBytecodeGuard.cpp does not read first.
    crafted = (ROOT / "tests/data/crafted_abort.shlo").read_bytes()
    isolation.prestart()
    t = time.monotonic()
    with pytest.raises(shlo.DeserializationError,
                       match=r"crashes MLIR's bytecode reader \(SIGABRT\).*StorageUniquerSupport"):
        shlo.deserialize(crafted, isolated=True)
    assert time.monotonic() - t < isolation.DEFAULT_TIMEOUT_S
    with pytest.raises(shlo.DeserializationError, match=r"\(SIGABRT\)"):
        isolation.probe(SMALL, "_abort")


def _server_pid() -> int:
    isolation.prestart()
    return isolation._server.proc.pid


def test_readers_come_from_a_single_threaded_exec_not_a_fork_of_the_caller():
    pid = _server_pid()
    assert len(os.listdir(f"/proc/{pid}/task")) == 1
    cmdline = pathlib.Path(f"/proc/{pid}/cmdline").read_bytes().split(b"\0")
    assert b"-c" in cmdline and any(b"_reader_server" in a for a in cmdline)


def test_a_reader_bounds_its_own_cpu_time():
    pid = _server_pid()
    seen = {}

    def read():
        with pytest.raises(shlo.DeserializationError):
            isolation.probe(SMALL, "_sleep", timeout_s=2)
    reading = threading.Thread(target=read)
    reading.start()
    reader = _wait_for(lambda: _children(pid), 10)[0]
    limits = _wait_for(lambda: "Max cpu time" in (s := pathlib.Path(f"/proc/{reader}/limits").read_text())
                       and " 4 " in s.split("Max cpu time")[1].split("\n")[0] and s, 5)
    seen["cpu"] = limits.split("Max cpu time")[1].split("\n")[0].split()
    reading.join()
    assert seen["cpu"][:2] == ["4", "5"], seen  # soft int(2) + 2, hard one more (seconds)


def test_a_server_started_by_an_exited_thread_is_replaced():
    isolation.shutdown()
    t = threading.Thread(target=isolation.prestart)
    t.start()
    t.join()
    # PR_SET_PDEATHSIG fired when that thread exited; the next read starts a new server.
    assert _asm(shlo.deserialize(SMALL, isolated=True)) == _asm(shlo.deserialize(SMALL))


PARENT = textwrap.dedent("""
    import sys
    sys.path[:0] = {path!r}
    import shlo
    shlo.deserialize(open({art!r}, "rb").read(), isolated=True, timeout_s=60)
""")


def test_killing_the_caller_kills_its_reader_within_a_second():
    """The caller dies (SIGKILL: no atexit, no cleanup) while its reader spins at 100% CPU in
    MLIR's bytecode reader: the reader server and the reader are gone within a second."""
    code = PARENT.format(path=sys.path, art=str(LOOP))
    parent = subprocess.Popen([sys.executable, "-c", code], env={**os.environ, **UNGUARDED})
    try:
        server = _wait_for(lambda: _children(parent.pid), 30)[0]
        reader = _wait_for(lambda: _children(server), 30)[0]
        time.sleep(0.2)
        assert _running(reader)
        parent.send_signal(signal.SIGKILL)
        parent.wait()
        t = time.monotonic()
        while (_running(server) or _running(reader)) and time.monotonic() - t < 1.0:
            time.sleep(0.01)
        assert not _running(reader) and not _running(server), (server, reader)
    finally:
        parent.kill()
        parent.wait()
