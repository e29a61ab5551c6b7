// subtract: oracle jax.lax
func.func @main() {
  %c1 = shlo.constant {value = dense<[[-1.0530956067054142, 6.2645577689692988, 4.4686814027614972], [7.143189159506715, 1.0705671942876218, -6.4521162478826115]]> : tensor<2x3xf64>} : () -> tensor<2x3xf64>
  %c2 = shlo.constant {value = dense<[[-1.2261333133708134, -0.43089401136061767, -2.5456481864395992], [2.3096019645315082, -0.43637319435255228, 1.6829038070324547]]> : tensor<2x3xf64>} : () -> tensor<2x3xf64>
  %v3 = "shlo.subtract"(%c1, %c2) : (tensor<2x3xf64>, tensor<2x3xf64>) -> tensor<2x3xf64>
  "shlo.custom_call"(%v3) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[0.17303770666539919, 6.6954517803299165, 7.0143295892010968], [4.8335871949752072, 1.506940388640174, -8.135020054915067]]> : tensor<2x3xf64>}} : (tensor<2x3xf64>) -> ()
  func.return
}
