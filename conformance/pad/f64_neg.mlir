// pad: oracle jax.lax.pad (negative padding crops)
func.func @main() {
  %c1 = shlo.constant {value = dense<[[2.4334594807169219, -4.3273689834179043, 1.3937983528066888], [-0.44305260466936536, 1.0917130472052727, 0.93785480516231967]]> : tensor<2x3xf64>} : () -> tensor<2x3xf64>
  %c2 = shlo.constant {value = dense<1.8860156476706624> : tensor<f64>} : () -> tensor<f64>
  %v3 = "shlo.pad"(%c1, %c2) {edge_padding_low = array<i64: -1, 2>, edge_padding_high = array<i64: 1, -2>, interior_padding = array<i64: 0, 2>} : (tensor<2x3xf64>, tensor<f64>) -> tensor<2x7xf64>
  "shlo.custom_call"(%v3) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[1.8860156476706624, 1.8860156476706624, -0.44305260466936536, 1.8860156476706624, 1.8860156476706624, 1.0917130472052727, 1.8860156476706624], [1.8860156476706624, 1.8860156476706624, 1.8860156476706624, 1.8860156476706624, 1.8860156476706624, 1.8860156476706624, 1.8860156476706624]]> : tensor<2x7xf64>}} : (tensor<2x7xf64>) -> ()
  func.return
}
