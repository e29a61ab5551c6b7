// remainder: oracle jax.lax
func.func @main() {
  %c1 = shlo.constant {value = dense<[[1.8846158078572195, 2.4629060299677348, -2.6407285233454196], [5.1075136686580871, 8.2153471177622082E-4, -4.5172034261021095]]> : tensor<2x3xf64>} : () -> tensor<2x3xf64>
  %c2 = shlo.constant {value = dense<[[-5.2749794914126982, 2.0655825178364537, 1.9271518578456486], [0.85648093103585088, 2.327651943110816, -4.7211108933837247]]> : tensor<2x3xf64>} : () -> tensor<2x3xf64>
  %v3 = "shlo.remainder"(%c1, %c2) : (tensor<2x3xf64>, tensor<2x3xf64>) -> tensor<2x3xf64>
  "shlo.custom_call"(%v3) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[1.8846158078572195, 0.39732351213128103, -0.71357666549977106], [0.8251090134788327, 8.2153471177622082E-4, -4.5172034261021095]]> : tensor<2x3xf64>}} : (tensor<2x3xf64>) -> ()
  func.return
}
