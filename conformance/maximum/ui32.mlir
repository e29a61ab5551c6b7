// maximum: oracle jax.lax
func.func @main() {
  %c1 = shlo.constant {value = dense<[[690984552, 3759195449, 1200701803], [3208168745, 2772140506, 1893358882]]> : tensor<2x3xui32>} : () -> tensor<2x3xui32>
  %c2 = shlo.constant {value = dense<[[3769910552, 468455349, 1219119378], [2427881473, 1506838992, 3052855786]]> : tensor<2x3xui32>} : () -> tensor<2x3xui32>
  %v3 = "shlo.maximum"(%c1, %c2) : (tensor<2x3xui32>, tensor<2x3xui32>) -> tensor<2x3xui32>
  "shlo.custom_call"(%v3) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[3769910552, 3759195449, 1219119378], [3208168745, 2772140506, 3052855786]]> : tensor<2x3xui32>}} : (tensor<2x3xui32>) -> ()
  func.return
}
