// subtract: oracle jax.lax
func.func @main() {
  %c1 = shlo.constant {value = dense<[[0.88168776, 2.25604153, -2.46697617], [5.263540e-01, -2.42381978, -4.84032583]]> : tensor<2x3xf32>} : () -> tensor<2x3xf32>
  %c2 = shlo.constant {value = dense<[[1.56300056, 1.42945051, 1.29309702], [2.50509739, 2.14586186, 1.74037075]]> : tensor<2x3xf32>} : () -> tensor<2x3xf32>
  %v3 = "shlo.subtract"(%c1, %c2) : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
  "shlo.custom_call"(%v3) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[-0.681312799, 8.265910e-01, -3.76007318], [-1.97874331, -4.56968164, -6.58069658]]> : tensor<2x3xf32>}} : (tensor<2x3xf32>) -> ()
  func.return
}
