// The `shlo-opt` command, installed into the environment's scripts directory.
//
// A Python console script would start Python (~12 ms of CPU, ~20-30 ms of
// wall time here) before it could hand `shlo-opt FILE --verify-only` to the
// native tool, a third of that tool's own time on a 10,000-op program. So
// the command is this small program: the fast path (one input file,
// --verify-only, optionally --verify-native / --trusted-input) goes straight
// to shlo-opt-native; everything else, and every input the native tool
// declines (exit status 3) or dies on, runs shlo-opt's Python path
// (python/shlo_launch) with the interpreter beside it.
// SHLO_OPT_NATIVE=0 turns the fast path off; SHLO_OPT_NATIVE=PATH names the
// tool (both as python/shlo_launch reads them).
#include <cerrno>
#include <climits>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

extern char **environ;

#ifndef SHLO_PYTHON
#error "SHLO_PYTHON (the interpreter the package was built for) must be defined"
#endif
#ifndef SHLO_PYTHON_NAME
#error "SHLO_PYTHON_NAME (python3.X) must be defined"
#endif
#ifndef SHLO_PLATLIB_FROM_SCRIPTS
#error "SHLO_PLATLIB_FROM_SCRIPTS (site-packages relative to the scripts directory) must be defined"
#endif

namespace {
constexpr int kDeclined = 3; // the native tool's "run the Python path instead"

bool ownDirectory(char *out, size_t size);

bool fastPath(int argc, char **argv) {
  int inputs = 0;
  bool verifyOnly = false;
  for (int i = 1; i < argc; ++i) {
    const char *a = argv[i];
    if (a[0] != '-') {
      ++inputs;
      continue;
    }
    if (!std::strcmp(a, "--verify-only"))
      verifyOnly = true;
    else if (std::strcmp(a, "--verify-native") && std::strcmp(a, "--trusted-input"))
      return false;
  }
  return inputs == 1 && verifyOnly;
}

// The native tool beside this installation, or null (turned off or not there).
const char *nativeTool(char *buffer, size_t size) {
  const char *chosen = std::getenv("SHLO_OPT_NATIVE");
  if (chosen && !std::strcmp(chosen, "0"))
    return nullptr;
  if (chosen && *chosen)
    return chosen;
  char self[PATH_MAX];
  if (!ownDirectory(self, sizeof(self)))
    return nullptr;
  if (std::snprintf(buffer, size, "%s/%s/shlo/_bin/shlo-opt-native", self, SHLO_PLATLIB_FROM_SCRIPTS) >=
      static_cast<int>(size))
    return nullptr;
  return access(buffer, X_OK) == 0 ? buffer : nullptr;
}

// The native tool's exit status for the command (0 or 1), or -1: declined, died, or not run.
int runNative(const char *tool, int argc, char **argv) {
  // the tool's arguments: the input, --verify-native if given, --delegate (as shlo_launch does)
  const char *args[5] = {tool, nullptr, nullptr, nullptr, nullptr};
  int n = 1;
  bool verifyNative = false;
  for (int i = 1; i < argc; ++i) {
    if (argv[i][0] != '-')
      args[n++] = argv[i];
    else if (!std::strcmp(argv[i], "--verify-native"))
      verifyNative = true;
  }
  if (verifyNative)
    args[n++] = "--verify-native";
  args[n++] = "--delegate";
  pid_t pid;
  if (posix_spawn(&pid, tool, nullptr, nullptr, const_cast<char *const *>(args), environ) != 0)
    return -1;
  int status = 0;
  while (waitpid(pid, &status, 0) < 0)
    if (errno != EINTR)
      return -1;
  if (!WIFEXITED(status))
    return -1;
  int code = WEXITSTATUS(status);
  return code == 0 || code == 1 ? code : -1;
}

// The directory this program is in (the environment's scripts directory), or false.
bool ownDirectory(char *out, size_t size) {
  ssize_t n = readlink("/proc/self/exe", out, size - 1);
  if (n <= 0)
    return false;
  out[n] = 0;
  char *slash = std::strrchr(out, '/');
  if (!slash)
    return false;
  *slash = 0;
  return true;
}

// Runs shlo-opt's Python path in place of this process (returns only if no interpreter starts).
// The interpreter: the one beside this program (a venv's, conda's, the system's bin), else the
// one the package was built with, else python3 on PATH.
int runPython(int argc, char **argv, bool afterNative) {
  if (afterNative)
    setenv("SHLO_OPT_NATIVE", "0", 1); // the tool has had its turn
  static const char code[] = "import sys; sys.argv.pop(0); from shlo_launch import shlo_opt; sys.exit(shlo_opt())";
  char **args = static_cast<char **>(std::calloc(argc + 4, sizeof(char *)));
  if (!args)
    return 1;
  args[1] = const_cast<char *>("-c");
  args[2] = const_cast<char *>(code);
  for (int i = 0; i < argc; ++i)
    args[3 + i] = argv[i]; // sys.argv: [shlo-opt, arguments...] once -c's entry is popped
  // argv[0] is the interpreter's path: Python finds its prefix (and a venv's pyvenv.cfg) from it
  char dir[PATH_MAX], path[PATH_MAX + 32];
  static const char *const names[] = {SHLO_PYTHON_NAME, "python3", "python"};
  if (ownDirectory(dir, sizeof(dir)))
    for (const char *name : names) {
      std::snprintf(path, sizeof(path), "%s/%s", dir, name);
      args[0] = path;
      execv(path, args);
    }
  args[0] = const_cast<char *>(SHLO_PYTHON);
  execv(SHLO_PYTHON, args);
  args[0] = const_cast<char *>("python3");
  execvp("python3", args);
  std::fprintf(stderr, "shlo-opt: error: cannot start Python (%s, or python3 on PATH): %s\n", SHLO_PYTHON,
               std::strerror(errno));
  return 1;
}
} // namespace

int main(int argc, char **argv) {
  if (fastPath(argc, argv)) {
    char buffer[PATH_MAX];
    if (const char *tool = nativeTool(buffer, sizeof(buffer))) {
      int code = runNative(tool, argc, argv);
      if (code >= 0)
        return code;
      return runPython(argc, argv, true);
    }
  }
  return runPython(argc, argv, false);
}
