// shift_right_arithmetic: oracle jax.lax
func.func @main() {
  %c1 = shlo.constant {value = dense<[[560068765068220571, 5017520544897821511, 8180614875922306059], [368087119856706119, 4427893965648212184, 11010744365813612041]]> : tensor<2x3xui64>} : () -> tensor<2x3xui64>
  %c2 = shlo.constant {value = dense<[[0, 1, 2], [3, 4, 5]]> : tensor<2x3xui64>} : () -> tensor<2x3xui64>
  %v3 = "shlo.shift_right_arithmetic"(%c1, %c2) : (tensor<2x3xui64>, tensor<2x3xui64>) -> tensor<2x3xui64>
  "shlo.custom_call"(%v3) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[560068765068220571, 2508760272448910755, 2045153718980576514], [46010889982088264, 276743372853013261, 18214369082837803504]]> : tensor<2x3xui64>}} : (tensor<2x3xui64>) -> ()
  func.return
}
