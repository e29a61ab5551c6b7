// get_dimension_size: oracle numpy: shape
func.func @main() {
  %c1 = shlo.constant {value = dense<[[-1.96311212, -2.35179496, -0.297696143, 1.48980057, -1.73549521, 0.155599952, 3.91209531], [-3.83509254, 3.48633623, 2.806440e+00, -4.54558945, 2.58178377, 3.44491243, 6.27613497], [0.273568213, 6.55505419, 4.61212492, -1.61978674, -3.37323141, 2.79530382, 2.25946879], [8.386780e-01, 1.26791656, -1.63876355, 1.46782088, -1.73411918, -3.97632694, -0.28862381]]> : tensor<4x7xf32>} : () -> tensor<4x7xf32>
  %v2 = "shlo.get_dimension_size"(%c1) {dimension = 1 : i64} : (tensor<4x7xf32>) -> tensor<i32>
  "shlo.custom_call"(%v2) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<7> : tensor<i32>}} : (tensor<i32>) -> ()
  func.return
}
