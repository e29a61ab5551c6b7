"""A function as an nn.Module, for torch.export in the tests (the importer takes modules or
ExportedPrograms)."""
import torch


class Fn(torch.nn.Module):
    def __init__(self, fn):
        super().__init__()
        self.fn = fn

    def forward(self, *xs):
        return self.fn(*xs)
