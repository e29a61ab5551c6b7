func.func @main(%n: tensor<i64>) -> tensor<i64> {
  %r = "shlo.while"(%n) ({
  ^bb0(%i: tensor<i64>):
    "shlo.return"(%i) : (tensor<i64>) -> ()
  }, {
  ^bb0(%i: tensor<i64>):
    "shlo.return"(%i) : (tensor<i64>) -> ()
  }) : (tensor<i64>) -> tensor<i64>
  "func.return"(%r) : (tensor<i64>) -> ()
}
