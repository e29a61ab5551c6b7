module {
  func.func @main(%arg0: !shlo.token) -> (tuple<!shlo.token>, tuple<>) {
    %0 = shlo.tuple %arg0 : (!shlo.token) -> tuple<!shlo.token>
    %1 = shlo.tuple  : () -> tuple<>
    return %0, %1 : tuple<!shlo.token>, tuple<>
  }
}
