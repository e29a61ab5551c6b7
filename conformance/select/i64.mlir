// select: oracle jax.lax.select
func.func @main() {
  %c1 = shlo.constant {value = dense<[[false, false, false], [false, false, true]]> : tensor<2x3xi1>} : () -> tensor<2x3xi1>
  %c2 = shlo.constant {value = dense<[[8564346881474902342, 165435633631153112, 4783674550473387106], [-7522952901546922961, -632783848118163448, -4377702020091052099]]> : tensor<2x3xi64>} : () -> tensor<2x3xi64>
  %c3 = shlo.constant {value = dense<[[2080358486321459043, -910251824464931124, 3689965588317499635], [-6041832081398714425, 8945214886578182590, 1050566858972207546]]> : tensor<2x3xi64>} : () -> tensor<2x3xi64>
  %v4 = "shlo.select"(%c1, %c2, %c3) : (tensor<2x3xi1>, tensor<2x3xi64>, tensor<2x3xi64>) -> tensor<2x3xi64>
  "shlo.custom_call"(%v4) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[2080358486321459043, -910251824464931124, 3689965588317499635], [-6041832081398714425, 8945214886578182590, -4377702020091052099]]> : tensor<2x3xi64>}} : (tensor<2x3xi64>) -> ()
  func.return
}
