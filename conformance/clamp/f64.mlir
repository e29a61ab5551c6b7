// clamp: oracle jax.lax.clamp
func.func @main() {
  %c1 = shlo.constant {value = dense<[0.56547741501506033, -0.17736240604859255, -1.8103805180408687, -3.544510190139043, -4.3506280791331573, -1.5793519061324575]> : tensor<6xf64>} : () -> tensor<6xf64>
  %c2 = shlo.constant {value = dense<[-0.1127462886218091, -0.10314037287139691, -0.13077609383202082, -0.062505523641442587, 3.5164963338912374, 0.47592806363932971]> : tensor<6xf64>} : () -> tensor<6xf64>
  %c3 = shlo.constant {value = dense<[3.222900782550699, 2.7836366072262235, 6.7251757064561009, 0.83139170130784712, 0.50640511149656064, 1.3291000994272006]> : tensor<6xf64>} : () -> tensor<6xf64>
  %v4 = "shlo.clamp"(%c1, %c2, %c3) : (tensor<6xf64>, tensor<6xf64>, tensor<6xf64>) -> tensor<6xf64>
  "shlo.custom_call"(%v4) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[0.56547741501506033, -0.10314037287139691, -0.13077609383202082, -0.062505523641442587, 0.50640511149656064, 0.47592806363932971]> : tensor<6xf64>}} : (tensor<6xf64>) -> ()
  func.return
}
