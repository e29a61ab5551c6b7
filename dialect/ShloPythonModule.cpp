// The `shlo._shlo_ext` Python extension: registers the dialect into upstream
// `mlir.ir.Context`s and exposes the few C entry points Python needs.
#include "ShloCAPI.h"

#include "mlir/Bindings/Python/Nanobind.h"
#include "mlir/Bindings/Python/NanobindAdaptors.h"

#include <string>
#include <tuple>
#include <vector>

namespace nb = nanobind;

namespace {
using Diagnostics = std::vector<std::tuple<int, std::string, std::string>>;

void collect(int severity, MlirStringRef loc, MlirStringRef msg, void *data) {
  static_cast<Diagnostics *>(data)->emplace_back(
      severity, std::string(loc.data, loc.length),
      std::string(msg.data, msg.length));
}
// Diagnostics may quote arbitrary input bytes (a corrupt artifact), which are
// not always valid UTF-8: hand them to Python as bytes, decoded there.
nb::list toPython(const Diagnostics &diags) {
  nb::list out;
  for (const auto &[severity, loc, msg] : diags)
    out.append(nb::make_tuple(severity, nb::bytes(loc.data(), loc.size()),
                              nb::bytes(msg.data(), msg.size())));
  return out;
}

// Ops reported by a walk, collected first and converted after, so that no
// Python runs inside the walk.
struct WalkItem {
  MlirOperation op;
  std::string name, signature;
};
using WalkItems = std::vector<WalkItem>;

void collectItem(MlirOperation op, MlirStringRef name, MlirStringRef sig,
                 void *data) {
  static_cast<WalkItems *>(data)->push_back(
      {op, std::string(name.data, name.length),
       std::string(sig.data, sig.length)});
}

MlirAttribute attributeNamed(MlirOperation op, const std::string &name) {
  return mlirOperationGetAttributeByName(
      op, mlirStringRefCreate(name.data(), name.size()));
}

std::vector<MlirStringRef> toStringRefs(const std::vector<std::string> &names) {
  std::vector<MlirStringRef> out;
  for (const std::string &name : names)
    out.push_back(mlirStringRefCreate(name.data(), name.size()));
  return out;
}

nb::list toPython(const WalkItems &items) {
  nb::list out;
  for (const WalkItem &item : items)
    out.append(nb::make_tuple(
        item.op, nb::bytes(item.name.data(), item.name.size()),
        nb::bytes(item.signature.data(), item.signature.size())));
  return out;
}
} // namespace

NB_MODULE(_shlo_ext, m) {
  m.doc() = "Native part of shlo: the ODS-generated dialect.";

  m.def(
      "register_dialect",
      [](MlirContext context, bool load) {
        MlirDialectHandle handle = mlirGetDialectHandle__shlo__();
        mlirDialectHandleRegisterDialect(handle, context);
        if (load)
          mlirDialectHandleLoadDialect(handle, context);
      },
      nb::arg("context"), nb::arg("load") = true,
      "Registers (and by default loads) the shlo dialect in a context.");

  m.def(
      "parse_module",
      [](MlirContext context, nb::bytes source, const std::string &name) {
        Diagnostics diags;
        MlirModule module = shloParseModule(
            context,
            mlirStringRefCreate(static_cast<const char *>(source.data()),
                                source.size()),
            mlirStringRefCreate(name.data(), name.size()), collect, &diags);
        nb::object result = nb::none();
        if (!mlirModuleIsNull(module))
          result = nb::cast(module);
        return nb::make_tuple(result, toPython(diags));
      },
      nb::arg("context"), nb::arg("source"), nb::arg("name"),
      "Parses text or bytecode without verifying. Returns (module or None, "
      "[(severity, location bytes, message bytes)]).");

  m.def(
      "verify_operation",
      [](MlirOperation op) {
        Diagnostics diags;
        bool ok = shloVerifyOperation(op, collect, &diags);
        return nb::make_tuple(ok, toPython(diags));
      },
      nb::arg("operation"),
      "Runs the MLIR verifier. Returns (ok, [(severity, location bytes, message bytes)]).");

  m.def(
      "run_pass_pipeline",
      [](MlirOperation op, const std::string &pipeline, bool assumeVerified) {
        Diagnostics diags;
        bool ok = shloRunPassPipeline(
            op, mlirStringRefCreate(pipeline.data(), pipeline.size()), collect,
            &diags, assumeVerified);
        return nb::make_tuple(ok, toPython(diags));
      },
      nb::arg("operation"), nb::arg("pipeline"), nb::arg("assume_verified") = false,
      "Runs an upstream pass pipeline on the op with all diagnostics captured "
      "here. Returns (ok, [(severity, location bytes, message bytes)]). With "
      "assume_verified, ops printed into diagnostics meanwhile are not verified "
      "first (for pipelines that keep the IR valid between steps).");

  m.def(
      "dense_resource_bytes",
      [](MlirAttribute attr) -> nb::object {
        const char *data = nullptr;
        size_t size = 0;
        if (!shloDenseResourceBlob(attr, &data, &size))
          return nb::none();
        return nb::bytes(data, size);
      },
      nb::arg("attribute"),
      "A copy of a dense_resource attribute's blob (row-major elements), or "
      "None when the attribute is not one or its blob is missing.");

  m.def(
      "op_name_bytes",
      [](MlirOperation op) {
        MlirStringRef name = mlirIdentifierStr(mlirOperationGetName(op));
        return nb::bytes(name.data, name.length);
      },
      nb::arg("operation"),
      "The op's name as bytes (an op read from corrupt bytecode may have a "
      "name that is not UTF-8, which `Operation.name` cannot return).");

  // The upstream bindings cannot hand some attributes to Python at all (a
  // dense literal of complex numbers fails to downcast), so these two read
  // an attribute of an op without creating a Python Attribute.
  m.def(
      "attribute_type",
      [](MlirOperation op, const std::string &name) -> nb::object {
        MlirAttribute attr = attributeNamed(op, name);
        if (mlirAttributeIsNull(attr))
          return nb::none();
        MlirType type = mlirAttributeGetType(attr);
        if (mlirTypeIsNull(type))
          return nb::none();
        return nb::cast(type);
      },
      nb::arg("operation"), nb::arg("name"),
      "The type of a typed attribute of `operation`, or None.");
  m.def(
      "attribute_text",
      [](MlirOperation op, const std::string &name) -> nb::object {
        MlirAttribute attr = attributeNamed(op, name);
        if (mlirAttributeIsNull(attr))
          return nb::none();
        std::string text;
        mlirAttributePrint(
            attr,
            [](MlirStringRef chunk, void *data) {
              static_cast<std::string *>(data)->append(chunk.data, chunk.length);
            },
            &text);
        return nb::bytes(text.data(), text.size());
      },
      nb::arg("operation"), nb::arg("name"),
      "An attribute of `operation` printed as MLIR text (bytes), or None.");

  m.def(
      "walk_with_signatures",
      [](MlirOperation root) {
        WalkItems items;
        shloWalkWithSignatures(root, collectItem, &items);
        return toPython(items);
      },
      nb::arg("root"),
      "[(op, name bytes, signature bytes)] for every op nested in `root`, "
      "children first; the signature is empty for ops outside shlo.");

  m.def(
      "walk_distinct",
      [](MlirOperation root, const std::vector<std::string> &always) {
        std::vector<MlirStringRef> names = toStringRefs(always);
        WalkItems items;
        shloWalkDistinct(root, names.data(), names.size(), collectItem,
                         &items);
        return toPython(items);
      },
      nb::arg("root"), nb::arg("always"),
      "[(op, name bytes, signature bytes)] for the first shlo op of each "
      "distinct signature, every shlo op named in `always`, and other ops "
      "with non-ASCII names; children first.");

  m.def(
      "ops_named",
      [](MlirOperation root, const std::vector<std::string> &names) {
        std::vector<MlirStringRef> refs = toStringRefs(names);
        WalkItems items;
        shloWalkNamed(root, refs.data(), refs.size(), collectItem, &items);
        nb::list out;
        for (const WalkItem &item : items)
          out.append(nb::cast(item.op));
        return out;
      },
      nb::arg("root"), nb::arg("names"),
      "Every op nested in `root` whose name is in `names`, children first.");

  m.def(
      "op_lacking_required_attribute",
      [](MlirOperation root) -> nb::object {
        MlirOperation op = shloOpLackingRequiredAttribute(root);
        if (mlirOperationIsNull(op))
          return nb::none();
        return nb::cast(op);
      },
      nb::arg("root"),
      "The first op in `root` lacking a required attribute (which bytecode 5 "
      "and later cannot write), or None.");

  m.def(
      "write_bytecode",
      [](MlirOperation op, int64_t bytecodeVersion, uint64_t encoding,
         const std::string &producer) -> nb::object {
        std::string out;
        bool ok = shloWriteBytecode(
            op, bytecodeVersion, encoding,
            mlirStringRefCreate(producer.data(), producer.size()),
            [](MlirStringRef bytes, void *data) {
              static_cast<std::string *>(data)->append(bytes.data,
                                                       bytes.length);
            },
            &out);
        if (!ok)
          return nb::none();
        return nb::bytes(out.data(), out.size());
      },
      nb::arg("op"), nb::arg("bytecode_version"), nb::arg("encoding"),
      nb::arg("producer"),
      "MLIR bytecode of `op` with the given format version, shlo attribute "
      "encoding and producer string; None when the version cannot be "
      "written (or, from 5 on, an op lacks a required attribute).");

  m.def(
      "verify_spec",
      [](MlirOperation root, bool stopAtFirst) {
        struct Found {
          MlirOperation op;
          std::string loc, cid, text, detail;
        };
        std::vector<Found> found;
        shloVerifySpec(
            root, stopAtFirst,
            [](MlirOperation op, MlirStringRef loc, MlirStringRef cid,
               MlirStringRef text, MlirStringRef detail, void *data) {
              static_cast<std::vector<Found> *>(data)->push_back(
                  {op, std::string(loc.data, loc.length),
                   std::string(cid.data, cid.length),
                   std::string(text.data, text.length),
                   std::string(detail.data, detail.length)});
            },
            &found);
        nb::list out;
        for (const Found &f : found)
          out.append(nb::make_tuple(
              f.op, nb::bytes(f.loc.data(), f.loc.size()), f.cid,
              nb::bytes(f.text.data(), f.text.size()),
              nb::bytes(f.detail.data(), f.detail.size())));
        return out;
      },
      nb::arg("root"), nb::arg("stop_at_first") = false,
      "Checks the spec constraints translated to C++ on every shlo op in "
      "`root`: [(op, location bytes, constraint id, text bytes, detail "
      "bytes)], one per violating op.");

  m.def(
      "verify_spec_distinct",
      [](MlirOperation root, const std::vector<std::string> &always) {
        std::vector<MlirStringRef> names = toStringRefs(always);
        std::vector<std::string> found; // constraint id of the first violation
        bool shardings = false;
        bool judged = shloVerifySpecDistinct(
            root, names.data(), names.size(),
            [](MlirOperation, MlirStringRef, MlirStringRef cid, MlirStringRef,
               MlirStringRef, void *data) {
              static_cast<std::vector<std::string> *>(data)->emplace_back(
                  cid.data, cid.length);
            },
            &shardings, &found);
        nb::object cid = nb::none();
        if (!found.empty())
          cid = nb::str(found[0].data(), found[0].size());
        return nb::make_tuple(judged, cid, shardings);
      },
      nb::arg("root"), nb::arg("always"),
      "The verified read's fast path: the C++ spec checks on the first shlo "
      "op of each distinct signature and on every op named in `always`. "
      "Returns (judged, constraint id of the first violation or None, "
      "shardings); judged is False when an op needs the Python verifier, "
      "shardings True when the module-level sharding rules have something "
      "to check.");

  m.def("print_registered_passes", &shloPrintRegisteredPasses,
        "Prints all passes registered in this process to stdout.");
}
