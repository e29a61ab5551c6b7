module {
  func.func @main() -> !shlo.token {
    %0 = shlo.after_all  : () -> !shlo.token
    return %0 : !shlo.token
  }
}
