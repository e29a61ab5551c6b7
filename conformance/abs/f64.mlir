// abs: oracle jax.lax (abs)
func.func @main() {
  %c1 = shlo.constant {value = dense<[[-1.5209866819981497, -1.3304817575798429, -2.2677788141486901], [-6.5076187812980208, -0.11728843370008819, -3.9805227362582327]]> : tensor<2x3xf64>} : () -> tensor<2x3xf64>
  %v2 = "shlo.abs"(%c1) : (tensor<2x3xf64>) -> tensor<2x3xf64>
  "shlo.custom_call"(%v2) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[1.5209866819981497, 1.3304817575798429, 2.2677788141486901], [6.5076187812980208, 0.11728843370008819, 3.9805227362582327]]> : tensor<2x3xf64>}} : (tensor<2x3xf64>) -> ()
  func.return
}
