// clamp: oracle jax.lax.clamp
func.func @main() {
  %c1 = shlo.constant {value = dense<[343044346, 2560444187, 2492163066, 3754640947, 99570074, 2526069180]> : tensor<6xui32>} : () -> tensor<6xui32>
  %c2 = shlo.constant {value = dense<[1309367446, 931627447, 687032717, 2662708094, 2111646568, 2824144394]> : tensor<6xui32>} : () -> tensor<6xui32>
  %c3 = shlo.constant {value = dense<[3537864784, 4104411394, 4292484566, 4223524350, 561495846, 3055703228]> : tensor<6xui32>} : () -> tensor<6xui32>
  %v4 = "shlo.clamp"(%c1, %c2, %c3) : (tensor<6xui32>, tensor<6xui32>, tensor<6xui32>) -> tensor<6xui32>
  "shlo.custom_call"(%v4) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[1309367446, 2560444187, 2492163066, 3754640947, 561495846, 2824144394]> : tensor<6xui32>}} : (tensor<6xui32>) -> ()
  func.return
}
