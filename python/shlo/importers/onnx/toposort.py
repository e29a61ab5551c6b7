"""Graph nodes in topological order, the order the importer converts them in.

ONNX asks for topologically sorted graphs, but onnxruntime sorts them itself and
runs unsorted ones, and its tools (e.g. `replace_mha_with_gqa`) and hand edits
write such files. `sort_model` puts every graph of a model in order: the main
graph, the subgraphs of If / Loop / Scan (which may read outer values that come
after them in the file) and model-local functions' bodies. The file's own order
is kept wherever it is already valid: a sorted graph is left as it is, and an
unsorted one gets the topological order that takes each node as early in the
file's order as its inputs allow.
"""
from __future__ import annotations

import heapq

from ...errors import ImporterError


def sort_model(model) -> None:
    """Sorts the model's graphs in place (call it on the importer's own copy of the model)."""
    g = model.graph
    _sort_graph(g, set(), "main graph")
    for f in model.functions:
        _sort_nodes(f.node, set(f.input), f"body of function {f.domain + '.' if f.domain else ''}{f.name}")


def _sort_graph(graph, outer: set, where: str) -> None:
    """`outer`: the names visible from enclosing graphs."""
    _sort_nodes(graph.node, outer | _graph_defined(graph), where)


def _sort_nodes(nodes, available: set, where: str) -> None:
    """`nodes` (a repeated NodeProto field) reordered in place; `available`: the names defined
    before any of them (graph inputs, initializers, outer scopes)."""
    visible = available | {o for n in nodes for o in n.output if o}
    for n in nodes:
        for g in _subgraphs(n):
            _sort_graph(g, visible, f"subgraph of {_label(n)}")
    needs = [_needs(n) for n in nodes]
    if _in_order(nodes, needs, available):
        return
    order = _order(nodes, needs, available, where)
    reordered = []
    for i in order:                          # copies: a node taken out of the field is not kept
        copy = type(nodes[i])()
        copy.CopyFrom(nodes[i])
        reordered.append(copy)
    del nodes[:]
    nodes.extend(reordered)


def _in_order(nodes, needs, available) -> bool:
    have = set(available)
    for n, need in zip(nodes, needs):
        if not need <= have:
            return False
        have.update(n.output)
    return True


def _order(nodes, needs, available, where) -> list:
    """Kahn's algorithm taking the earliest ready node in file order."""
    producer = {}
    for i, n in enumerate(nodes):
        for o in n.output:
            if o and o not in available:
                producer.setdefault(o, i)
    waiting, users = [0] * len(nodes), [[] for _ in nodes]
    for i, need in enumerate(needs):
        for name in sorted(need - available):
            p = producer.get(name)
            if p is None:
                raise ImporterError(f"ONNX {where}: {_label(nodes[i])} uses value {name!r}, which no node, "
                                    "graph input or initializer defines")
            waiting[i] += 1
            users[p].append(i)
    ready = [i for i, w in enumerate(waiting) if w == 0]
    heapq.heapify(ready)
    order = []
    while ready:
        i = heapq.heappop(ready)
        order.append(i)
        for u in users[i]:
            waiting[u] -= 1
            if waiting[u] == 0:
                heapq.heappush(ready, u)
    if len(order) < len(nodes):
        raise ImporterError(f"ONNX {where} has a cycle: " + _describe_cycle(nodes, needs, producer, waiting))
    return order


def _describe_cycle(nodes, needs, producer, waiting) -> str:
    """One cycle among the nodes left waiting, as 'node A reads x from node B, which reads y
    from node A'. Every waiting node waits on another waiting one, so the walk closes."""
    i, path, seen = next(k for k, w in enumerate(waiting) if w), [], {}
    while i not in seen:
        seen[i] = len(path)
        name = min(x for x in needs[i] if x in producer and waiting[producer[x]])
        path.append((i, name))
        i = producer[name]
    cycle = path[seen[i]:]
    (first, name), rest = cycle[0], cycle[1:]
    text = f"{_label(nodes[first])} reads {name!r}"
    for a, name in rest:                 # node a is the one that made the previous name
        text += f" from {_label(nodes[a])}, which reads {name!r}"
    return text + f" from {_label(nodes[first])}"


def _needs(node) -> set:
    """The names a node reads: its inputs and what its subgraphs read from outside them."""
    need = {x for x in node.input if x}
    for g in _subgraphs(node):
        need |= _free_names(g)
    return need


def _free_names(graph) -> set:
    """Names a graph reads from enclosing scopes."""
    defined = _graph_defined(graph) | {o for n in graph.node for o in n.output if o}
    used = {o.name for o in graph.output}
    for n in graph.node:
        used |= _needs(n)
    return used - defined - {""}


def _graph_defined(graph) -> set:
    return ({vi.name for vi in graph.input} | {t.name for t in graph.initializer}
            | {s.values.name for s in graph.sparse_initializer})


def _subgraphs(node) -> list:
    out = []
    for a in node.attribute:
        if a.HasField("g"):
            out.append(a.g)
        out.extend(a.graphs)
    return out


def _label(node) -> str:
    name = repr(node.name) if node.name else f"(output {node.output[0]!r})" if node.output else "(no name)"
    return f"{node.op_type} node {name}"
