module {
  func.func @main(%arg0: tensor<2x3xf32>, %arg1: !shlo.token) -> (tensor<2x3xf32>, !shlo.token) {
    %0:2 = shlo.custom_call %arg0, %arg1 {api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {scale = 2.000000e+00 : f32}, call_target_name = "update_in_place", has_side_effect = true, operand_layouts = [dense<[0, 1]> : tensor<2xindex>, dense<> : tensor<0xindex>], output_operand_aliases = [#shlo.output_operand_alias<output_tuple_indices = [0], operand_index = 0, operand_tuple_indices = []>], result_layouts = [dense<[0, 1]> : tensor<2xindex>, dense<> : tensor<0xindex>]} : (tensor<2x3xf32>, !shlo.token) -> (tensor<2x3xf32>, !shlo.token)
    return %0#0, %0#1 : tensor<2x3xf32>, !shlo.token
  }
}
