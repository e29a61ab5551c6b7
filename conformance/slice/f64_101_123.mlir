// slice: oracle jax.lax.slice
func.func @main() {
  %c1 = shlo.constant {value = dense<[[[-4.3735461843693102, -2.2473071128438802, 4.3184503546528257, 3.9355031108682823], [-3.8482112264096662, -3.4662735163072007, 0.47601125033714192, 6.1436071552272171], [-2.9244616721753998, 0.13309432289455064, -2.9442499791689101, 1.9909738469542915]], [[-0.99015698109290007, -1.6216964732427046, -1.7572125549216093, -4.4790848681590019], [4.06108834846059, 0.75300886968647662, 0.058066780758643605, -1.6696420627921129], [-0.27896198070631562, -3.7218887728515746, -4.8667788517390775, 0.25432540672057385]]]> : tensor<2x3x4xf64>} : () -> tensor<2x3x4xf64>
  %v2 = "shlo.slice"(%c1) {start_indices = array<i64: 1, 0, 1>, limit_indices = array<i64: 2, 3, 4>, strides = array<i64: 1, 2, 3>} : (tensor<2x3x4xf64>) -> tensor<1x2x1xf64>
  "shlo.custom_call"(%v2) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[[-1.6216964732427046], [-3.7218887728515746]]]> : tensor<1x2x1xf64>}} : (tensor<1x2x1xf64>) -> ()
  func.return
}
