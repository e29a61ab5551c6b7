// negate: oracle jax.lax (neg)
func.func @main() {
  %c1 = shlo.constant {value = dense<[[-0.049480685990661577, -2.4443699258775204, -0.11622042772470702], [-0.36341976752793176, 4.3731386345613821, -1.7120349175359233]]> : tensor<2x3xf64>} : () -> tensor<2x3xf64>
  %v2 = "shlo.negate"(%c1) : (tensor<2x3xf64>) -> tensor<2x3xf64>
  "shlo.custom_call"(%v2) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[0.049480685990661577, 2.4443699258775204, 0.11622042772470702], [0.36341976752793176, -4.3731386345613821, 1.7120349175359233]]> : tensor<2x3xf64>}} : (tensor<2x3xf64>) -> ()
  func.return
}
