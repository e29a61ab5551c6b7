// get_dimension_size: oracle numpy: shape
func.func @main() {
  %c1 = shlo.constant {value = dense<[[0.841598153, -1.99012733, -2.82430339, -3.03641653, 2.42773604, -0.80626142, -4.28220129], [-4.63616848, -1.09103894, 1.60419369, -0.362669259, 4.25665951, 1.43082714, 5.70216513], [3.48810101, -4.49117327, 0.700231194, -3.39174676, -3.10612679, -1.11037695, 2.75073576], [1.68476212, 0.500176847, -1.26717973, 0.0687737316, -1.68397641, 3.49442196, -0.909505129]]> : tensor<4x7xf32>} : () -> tensor<4x7xf32>
  %v2 = "shlo.get_dimension_size"(%c1) {dimension = 0 : i64} : (tensor<4x7xf32>) -> tensor<i32>
  "shlo.custom_call"(%v2) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<4> : tensor<i32>}} : (tensor<i32>) -> ()
  func.return
}
