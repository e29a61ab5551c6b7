// clamp: oracle jax.lax.clamp
func.func @main() {
  %c1 = shlo.constant {value = dense<0.40549004271683986> : tensor<f64>} : () -> tensor<f64>
  %c2 = shlo.constant {value = dense<[-0.1127462886218091, -0.10314037287139691, -0.13077609383202082, -0.062505523641442587, 3.5164963338912374, 0.47592806363932971]> : tensor<6xf64>} : () -> tensor<6xf64>
  %c3 = shlo.constant {value = dense<2.6170930526862284> : tensor<f64>} : () -> tensor<f64>
  %v4 = "shlo.clamp"(%c1, %c2, %c3) : (tensor<f64>, tensor<6xf64>, tensor<f64>) -> tensor<6xf64>
  "shlo.custom_call"(%v4) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[0.40549004271683986, 0.40549004271683986, 0.40549004271683986, 0.40549004271683986, 2.6170930526862284, 0.47592806363932971]> : tensor<6xf64>}} : (tensor<6xf64>) -> ()
  func.return
}
