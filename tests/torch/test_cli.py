"""shlo-translate --from-torch reads a saved ExportedProgram."""
from __future__ import annotations

import torch

from shlo.tools import translate


def test_from_torch_prints_the_program(tmp_path, capsys):
    m = torch.nn.Sequential(torch.nn.Linear(16, 8), torch.nn.ReLU())
    path = tmp_path / "m.pt2"
    torch.export.save(torch.export.export(m, (torch.randn(2, 16),)), str(path))
    assert translate.main(["--from-torch", str(path)]) == 0
    out = capsys.readouterr().out
    assert "func.func @main(%arg0: tensor<2x16xf32>" in out and "dense_resource" in out
    assert translate.main(["--from-torch", str(path), "--params", "arguments"]) == 0
    assert 'shlo.name = "0.weight"' in capsys.readouterr().out


def test_from_torch_bad_files(tmp_path, capsys):
    assert translate.main(["--from-torch", str(tmp_path / "missing.pt2")]) == 1
    assert "no such file" in capsys.readouterr().err
    junk = tmp_path / "junk.pt2"
    junk.write_bytes(b"not a zip archive")
    out = tmp_path / "out.mlir"
    assert translate.main(["--from-torch", str(junk), "-o", str(out)]) == 1
    assert "not a torch.export program" in capsys.readouterr().err
    assert not out.exists()
