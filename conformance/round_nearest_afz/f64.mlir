// round_nearest_afz: oracle jax.lax (<lambda>)
func.func @main() {
  %c1 = shlo.constant {value = dense<[[3.442888426858457, -7.0221679796767358, 1.4922404113347303], [2.2195967614221499, 2.2389748970741103, 3.5328083934802557]]> : tensor<2x3xf64>} : () -> tensor<2x3xf64>
  %v2 = "shlo.round_nearest_afz"(%c1) : (tensor<2x3xf64>) -> tensor<2x3xf64>
  "shlo.custom_call"(%v2) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[3.000000e+00, -7.000000e+00, 1.000000e+00], [2.000000e+00, 2.000000e+00, 4.000000e+00]]> : tensor<2x3xf64>}} : (tensor<2x3xf64>) -> ()
  func.return
}
