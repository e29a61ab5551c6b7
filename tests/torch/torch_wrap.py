"""A function as an nn.Module, for torch.export in the tests (the importer takes modules or
ExportedPrograms), and helpers that let one imported program check several functions."""
import torch
import torch.utils._pytree as pytree


class Fn(torch.nn.Module):
    def __init__(self, fn):
        super().__init__()
        self.fn = fn

    def forward(self, *xs):
        return self.fn(*xs)


def together(*fns):
    """One function returning every fn's result (a tuple): one export, import and compile then
    checks them all. Importing (with its decomposition) takes most of a small check's time."""
    return lambda *xs: tuple(fn(*xs) for fn in fns)


def leaves(tree) -> list:
    """The tensors / arrays of a (nested) result, in order."""
    return pytree.tree_leaves(tree)
