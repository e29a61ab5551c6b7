func.func @main(%x: tensor<2xf32>) -> tensor<2xf32> {
  %tup = "shlo.tuple"(%x) : (tensor<2xf32>) -> tuple<tensor<2xf32>>
  %e = "shlo.get_tuple_element"(%tup) {index = 3 : i32} : (tuple<tensor<2xf32>>) -> tensor<2xf32>
  "func.return"(%e) : (tensor<2xf32>) -> ()
}
