"""Sharding ops (since 1.4.0): sharding_constraint and manual_computation.

Shardings are placement only, so sharding_constraint is the identity.
manual_computation runs its body as one process per device of its mesh
(1 replica x N partitions, partition id = device id), each on its own piece
of the inputs, with a communicator of their own: the collectives of the body
group those processes by device id, as JAX writes them for shard_map. The
pieces each device returns are put back together into the results (summed
along manual axes that a result's sharding names as unreduced, since 1.7.0).
"""
from __future__ import annotations

import itertools
import threading

import numpy as np

from ...errors import InterpreterError, ShloError
from ...sharding import find_mesh
from ..registry import OP_INFO, implements
from ..runtime import Communicator, Process


@implements("sharding_constraint", quant_aware=True)
def sharding_constraint(ctx, x):
    return x


def _mesh_info(op) -> dict:
    """What the run needs beyond the op's attributes: its mesh (found once, when the plan is built)."""
    from ... import attributes as _attrs
    shardings = _attrs.op_attribute(op, "in_shardings", "sharding_array") + \
        _attrs.op_attribute(op, "out_shardings", "sharding_array")
    return {"mesh": find_mesh(op, shardings[0].mesh) if shardings else None}


OP_INFO["manual_computation"] = _mesh_info


def _piece_slices(shape, sharding, coords: dict, sizes: dict, manual) -> tuple:
    """The index of one device's piece: per dimension, the block picked by the device's
    coordinates along the manual axes sharding it (mixed radix, major to minor)."""
    out = []
    for d, n in enumerate(shape):
        index, count = 0, 1
        for a in sharding.dims[d]:
            if a in manual:
                index = index * sizes[a] + coords[a]
                count *= sizes[a]
        step = n // count
        out.append(slice(index * step, (index + 1) * step))
    return tuple(out)


def _piece(x, sharding, coords: dict, sizes: dict, manual):
    """One device's input piece. Along manual axes the sharding names as unreduced (since
    1.7.0) the device holds a partial value: the whole piece at coordinate 0, zeros elsewhere
    (partial values that sum to it; the spec leaves the split to the implementation)."""
    piece = np.asarray(x)[_piece_slices(np.shape(x), sharding, coords, sizes, manual)]
    if any(coords[a] for a in sharding.unreduced if a in manual):
        return np.zeros_like(piece)
    return piece


@implements("manual_computation", quant_aware=True)
def manual_computation(ctx, *inputs):
    mesh = ctx.attrs.get("mesh")
    if mesh is None:
        raise InterpreterError(f"{ctx.location}: shlo.manual_computation: no mesh")
    manual = set(ctx.attrs["manual_axes"])
    names = [a for a, _ in mesh.axes]
    sizes = mesh.sizes
    devices = mesh.devices()
    n = len(devices)
    if sorted(devices) != list(range(n)):
        raise InterpreterError(f"{ctx.location}: shlo.manual_computation: the interpreter runs meshes whose "
                               f"device ids are 0..{n - 1} in some order, not {devices}")
    positions = list(itertools.product(*[range(sizes[a]) for a in names]))
    in_shardings, out_shardings = ctx.attrs["in_shardings"], ctx.attrs["out_shardings"]
    region = ctx.regions[0]
    frame = region.frame
    machine = frame.machine
    outer = machine.process
    if sorted(getattr(outer, "manual_devices", ())) == sorted(devices):
        return _nested(ctx, inputs, mesh, manual, positions, region, frame, outer)
    comm = Communicator(n)
    results, errors = [None] * n, [None] * n

    def run(k: int):
        coords = dict(zip(names, positions[k]))
        args = [_piece(x, s, coords, sizes, manual) for x, s in zip(inputs, in_shardings)]
        proc = Process(0, devices[k], 1, n, comm, outer.host)
        proc.manual_devices = tuple(devices)   # a manual computation nested in the body runs on this thread
        sub = type(frame).__new__(type(frame))   # a frame of its own per device: threads share no slots
        sub.machine = type(machine)(machine.plans, machine.functions, proc)
        sub.env = list(frame.env)
        sub._contexts = {}
        try:
            results[k] = sub.run(region.plan, args)
        except ShloError as e:
            errors[k] = e
            comm.fail(f"device {devices[k]} failed: {e}")
        except Exception as e:  # noqa: BLE001
            errors[k] = InterpreterError(f"device {devices[k]}: {type(e).__name__}: {e}")
            comm.fail(str(errors[k]))

    if n == 1:
        run(0)
    else:
        threads = [threading.Thread(target=run, args=(k,), daemon=True) for k in range(n)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
    for e in errors:
        if e is not None:
            raise InterpreterError(f"{ctx.location}: shlo.manual_computation: {e}") from e
    return _assemble(out_shardings, mesh, manual, dict(enumerate(results)), positions)


def _assemble(out_shardings, mesh, manual, results: dict, positions) -> list:
    """The results from the pieces `results[k]` of the devices at `positions[k]` (those given)."""
    names, sizes = [a for a, _ in mesh.axes], mesh.sizes
    outs = []
    for j, s in enumerate(out_shardings):
        mentioned = {a for d in s.dims for a in d}
        first = next(iter(results.values()))[j]
        shape = list(np.shape(first))
        for d in range(len(shape)):
            for a in s.dims[d]:
                if a in manual:
                    shape[d] *= sizes[a]
        out = np.empty(shape, dtype=np.asarray(first).dtype)
        unreduced = manual & set(s.unreduced)
        partial = []
        for k, piece in results.items():
            coords = dict(zip(names, positions[k]))
            # along a manual axis the sharding does not mention, every device holds the same
            # value (the program promises it): take the one at coordinate 0
            if any(coords[a] for a in manual - mentioned - unreduced):
                continue
            if any(coords[a] for a in unreduced):
                partial.append((coords, piece[j]))   # added below to the piece at coordinate 0
                continue
            out[_piece_slices(shape, s, coords, sizes, manual)] = piece[j]
        # along a manual axis the sharding names as unreduced (since 1.7.0), the result is the
        # sum of the devices' values
        for coords, value in partial:
            index = _piece_slices(shape, s, coords, sizes, manual)
            out[index] = out[index] + value
        outs.append(out)
    return outs


def _nested(ctx, inputs, mesh, manual, positions, region, frame, proc) -> list:
    """A manual computation inside another one's body, on the thread of device `proc.partition_id`."""
    names, sizes, devices = [a for a, _ in mesh.axes], mesh.sizes, mesh.devices()
    k = devices.index(proc.partition_id)
    coords = dict(zip(names, positions[k]))
    args = [_piece(x, s, coords, sizes, manual) for x, s in zip(inputs, ctx.attrs["in_shardings"])]
    sub = type(frame).__new__(type(frame))
    sub.machine, sub.env, sub._contexts = frame.machine, list(frame.env), {}
    mine = sub.run(region.plan, args)
    # the devices that differ from this one only along the inner manual axes hold the other pieces
    group = [i for i, pos in enumerate(positions)
             if all(p == coords[a] for a, p in zip(names, pos) if a not in manual)]
    got = proc.communicator.exchange(("manual_computation", proc.next_collective()), proc.index,
                                     [np.asarray(r) for r in mine], [devices[i] for i in group])
    return _assemble(ctx.attrs["out_shardings"], mesh, manual, {i: got[devices[i]] for i in group}, positions)


@implements("mesh")
def mesh(ctx):
    """A declaration at the top level of the module (mesh.C1): it never runs in a function."""
    return []
