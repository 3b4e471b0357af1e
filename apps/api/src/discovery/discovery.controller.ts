import { API_NAMESPACE, ApiError, trimChar, ApiRequest, apiRoot, Ctx, docsKey, LocalizedQuery, RequestContext } from '@app/common';
import { Controller, Get, HttpStatus, Query, Req } from '@nestjs/common';
import { ApiExtraModels, ApiResponse, ApiTags } from '@nestjs/swagger';
import { ApiDocumentation } from '../swagger/api-documentation.service';
import { NamespaceIndexQuery } from './dto/namespace-index.query';
import { IndexArgDto, IndexEndpointDto, IndexLinkDto, IndexRouteDto, NamespaceIndexDto } from './dto/namespace-index.dto';
import { buildNamespaceIndex } from './namespace-index';

/** The two discovery routes of the spec: the namespace index and the OpenAPI document. */
@ApiTags('discovery')
// Referenced through `additionalProperties`, which Nest does not follow.
@ApiExtraModels(IndexRouteDto, IndexEndpointDto, IndexArgDto, IndexLinkDto)
@Controller(API_NAMESPACE)
export class DiscoveryController {
  constructor(private readonly documentation: ApiDocumentation) {}

  @Get()
  @ApiResponse({ status: HttpStatus.OK, description: docsKey('responses.index'), type: NamespaceIndexDto })
  index(@Query() query: NamespaceIndexQuery, @Req() request: ApiRequest, @Ctx() context: RequestContext) {
    // WordPress answers any other namespace with 404 rest_invalid_namespace; this service has one.
    if (query.namespace !== undefined && trimChar(query.namespace, '/') !== API_NAMESPACE) {
      throw new ApiError(HttpStatus.NOT_FOUND, 'rest_invalid_namespace', 'errors.rest_invalid_namespace');
    }
    return buildNamespaceIndex(this.documentation.forRequest(context.language, request.address), {
      namespace: API_NAMESPACE,
      namespaceUrl: `${apiRoot(request.address)}/${API_NAMESPACE}`,
      withSchemas: query.context === 'help',
    });
  }

  @Get('doc')
  @ApiResponse({ status: HttpStatus.OK, description: docsKey('responses.openapi'), schema: { type: 'object' } })
  doc(@Query() _query: LocalizedQuery, @Req() request: ApiRequest, @Ctx() context: RequestContext) {
    return this.documentation.forRequest(context.language, request.address);
  }
}
