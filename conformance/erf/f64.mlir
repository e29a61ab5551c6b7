// erf: oracle jax.lax (erf)
func.func @main() {
  %c1 = shlo.constant {value = dense<[[-4.1051962721312183, 2.8460465549283072, -3.3109544803764654], [-0.88227356663011713, -2.4579598967849128, 1.6312358488625431]]> : tensor<2x3xf64>} : () -> tensor<2x3xf64>
  %v2 = "shlo.erf"(%c1) : (tensor<2x3xf64>) -> tensor<2x3xf64>
  "shlo.custom_call"(%v2) {call_target_name = "check.expect_close_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[-0.99999999358733693, 0.99994300474004771, -0.9999971645995942], [-0.78786757385427708, -0.99949119993471657, 0.97894048885970386]]> : tensor<2x3xf64>, rtol = 1.000e-12 : f64, atol = 1.000e-14 : f64}} : (tensor<2x3xf64>) -> ()
  func.return
}
