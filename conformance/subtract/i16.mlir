// subtract: oracle jax.lax
func.func @main() {
  %c1 = shlo.constant {value = dense<[[21284, -29817, 9627], [7891, 13815, -29498]]> : tensor<2x3xi16>} : () -> tensor<2x3xi16>
  %c2 = shlo.constant {value = dense<[[-18228, 14246, 5776], [30139, 19697, -17251]]> : tensor<2x3xi16>} : () -> tensor<2x3xi16>
  %v3 = "shlo.subtract"(%c1, %c2) : (tensor<2x3xi16>, tensor<2x3xi16>) -> tensor<2x3xi16>
  "shlo.custom_call"(%v3) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[-26024, 21473, 3851], [-22248, -5882, -12247]]> : tensor<2x3xi16>}} : (tensor<2x3xi16>) -> ()
  func.return
}
