module {
  func.func @main(%arg0: tuple<tuple<tensor<ui8>, !shlo.token>>) -> tuple<tensor<ui8>, !shlo.token> {
    %0 = shlo.get_tuple_element %arg0 {index = 0 : i32} : (tuple<tuple<tensor<ui8>, !shlo.token>>) -> tuple<tensor<ui8>, !shlo.token>
    return %0 : tuple<tensor<ui8>, !shlo.token>
  }
}
