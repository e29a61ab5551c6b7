"""The order XLA CPU leaves equal keys in when a sort is not stable.

XLA CPU sorts with std::sort (libstdc++: introsort, median-of-three pivots, a final
insertion sort over runs of 16); `std_sort_permutation` replays that algorithm on the
ranks of the elements (equal elements share a rank), so the interpreter puts equal keys where
XLA does (bit-exact against jaxlib 0.10.2 on random int keys with ties, 5 to 5000 elements).
StableHLO leaves the order of equal elements of an unstable sort to the implementation.
"""
from __future__ import annotations

import numpy as np

_THRESHOLD = 16


def std_sort_permutation(keys: list) -> np.ndarray:
    """The permutation std::sort applies to a sequence ordered by integer `keys` (element i
    before element j when keys[i] < keys[j]; equal keys are equal elements)."""
    a = list(range(len(keys)))
    k = keys

    def lt(x, y):
        return k[x] < k[y]

    def move_median_to_first(result, i, j, m):
        x, y, z = a[i], a[j], a[m]
        if lt(x, y):
            pick = j if lt(y, z) else (m if lt(x, z) else i)
        else:
            pick = i if lt(x, z) else (m if lt(y, z) else j)
        a[result], a[pick] = a[pick], a[result]

    def unguarded_partition(first, last, pivot):
        while True:
            while lt(a[first], a[pivot]):
                first += 1
            last -= 1
            while lt(a[pivot], a[last]):
                last -= 1
            if not first < last:
                return first
            a[first], a[last] = a[last], a[first]
            first += 1

    def adjust_heap(first, hole, length, value):
        top = hole
        child = hole
        while child < (length - 1) // 2:
            child = 2 * (child + 1)
            if lt(a[first + child], a[first + child - 1]):
                child -= 1
            a[first + hole] = a[first + child]
            hole = child
        if (length & 1) == 0 and child == (length - 2) // 2:
            child = 2 * (child + 1)
            a[first + hole] = a[first + child - 1]
            hole = child - 1
        parent = (hole - 1) // 2
        while hole > top and lt(a[first + parent], value):
            a[first + hole] = a[first + parent]
            hole = parent
            parent = (hole - 1) // 2
        a[first + hole] = value

    def make_heap(first, last):
        length = last - first
        if length < 2:
            return
        parent = (length - 2) // 2
        while True:
            adjust_heap(first, parent, length, a[first + parent])
            if parent == 0:
                return
            parent -= 1

    def pop_heap(first, last, result):
        value = a[result]
        a[result] = a[first]
        adjust_heap(first, 0, last - first, value)

    def partial_sort(first, last):   # heap_select(first, last, last) + sort_heap
        make_heap(first, last)
        while last - first > 1:
            last -= 1
            pop_heap(first, last, last)

    def introsort_loop(first, last, depth):
        while last - first > _THRESHOLD:
            if depth == 0:
                partial_sort(first, last)
                return
            depth -= 1
            mid = first + (last - first) // 2
            move_median_to_first(first, first + 1, mid, last - 1)
            cut = unguarded_partition(first + 1, last, first)
            introsort_loop(cut, last, depth)
            last = cut

    def unguarded_linear_insert(last):
        val = a[last]
        nxt = last - 1
        while lt(val, a[nxt]):
            a[last] = a[nxt]
            last = nxt
            nxt -= 1
        a[last] = val

    def insertion_sort(first, last):
        if first == last:
            return
        for i in range(first + 1, last):
            if lt(a[i], a[first]):
                val = a[i]
                a[first + 1:i + 1] = a[first:i]
                a[first] = val
            else:
                unguarded_linear_insert(i)

    n = len(a)
    if n > 1:
        introsort_loop(0, n, 2 * (n.bit_length() - 1))
        if n > _THRESHOLD:
            insertion_sort(0, _THRESHOLD)
            for i in range(_THRESHOLD, n):
                unguarded_linear_insert(i)
        else:
            insertion_sort(0, n)
    return np.array(a)
